package markdown

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/partlab/partlab/internal/lazyregexp"
)

// GitHub's alerts: a block quote whose first line is [!NOTE], [!TIP],
// [!IMPORTANT], [!WARNING] or [!CAUTION], and nothing else, is a callout
// with that title:
//
//	> [!WARNING]
//	> **The hash must be stable.**
//
// renders as <div class="callout callout-warning" role="note"> with a title
// paragraph, then the quote's blocks. Any other block quote stays one, and
// so does an alert's marker in an alert: alerts do not nest, as on GitHub.

// alertTitles are the alerts, by the word in their marker, lowercased.
var alertTitles = map[string]string{
	"note":      "Note",
	"tip":       "Tip",
	"important": "Important",
	"warning":   "Warning",
	"caution":   "Caution",
}

// alertLine is an alert's first line.
var alertLine = lazyregexp.New(`^ {0,3}> ?\[!(?i:(note|tip|important|warning|caution))\][ \t]*\r?\n?$`)

var kindAlert = ast.NewNodeKind("Alert")

// An alertNode is a callout; its children are the quote's blocks.
type alertNode struct {
	ast.BaseBlock
	alert string // a key of alertTitles
}

func (n *alertNode) Kind() ast.NodeKind { return kindAlert }

func (n *alertNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Alert": n.alert}, nil)
}

// alertParser opens an alert on its marker line and continues it as a block
// quote, lazy lines included, with goldmark's own block quote parser.
type alertParser struct{ quote parser.BlockParser }

func (alertParser) Trigger() []byte { return []byte{'>'} }

func (alertParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if within[*alertNode](parent) {
		return nil, parser.NoChildren // a marker in an alert stays a block quote
	}
	line, _ := reader.PeekLine()
	m := alertLine.FindSubmatch(line)
	if m == nil {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &alertNode{alert: strings.ToLower(string(m[1]))}, parser.HasChildren
}

func (p alertParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	return p.quote.Continue(node, reader, pc)
}

func (alertParser) Close(ast.Node, text.Reader, parser.Context) {}
func (alertParser) CanInterruptParagraph() bool                 { return true }
func (alertParser) CanAcceptIndentedLine() bool                 { return false }

type alertRenderer struct{}

func (alertRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindAlert, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		a := n.(*alertNode)
		if entering {
			// Both values come from alertTitles, never from the author's text.
			fmt.Fprintf(w, "<div class=\"callout callout-%s\" role=\"note\">\n<p class=\"callout-title\">%s</p>\n", a.alert, alertTitles[a.alert])
		} else {
			w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}

// alerts is the goldmark extension of GitHub's alerts.
type alerts struct{}

func (alerts) Extend(m goldmark.Markdown) {
	// Before goldmark's block quote (800), which would take the line first.
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(alertParser{quote: parser.NewBlockquoteParser()}, 799)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(alertRenderer{}, 500)))
}
