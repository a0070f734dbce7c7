package markdown

import (
	"fmt"
	"html"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/partlab/partlab/sim"
)

// An answer is shown only when the reader opens it: the Markdown container
//
//	:::answer
//	Key by the order id.
//	:::
//
// and a computation cell with answer: true both render inside
// <details class="answer">, closed, under answerSummary. An unclosed
// container runs to the end of its text; containers do not nest (a
// :::answer line in one is text), so that at most one is open: goldmark
// walks every open block at every line, and 5,400 nested answers took
// 3.3 GB (BenchmarkMarkdown's "answers").

const (
	// AnswerSummary is what the reader clicks to open an answer.
	AnswerSummary = "Show the answer"
	answerStart   = "<details class=\"answer\">\n<summary>" + AnswerSummary + "</summary>\n"
	answerEnd     = "</details>\n"
)

// CellAnswer puts a computed cell's HTML inside an answer whose summary
// names the cell, by its kind and id, so that a drill's answers in a row
// tell themselves apart.
func CellAnswer(kind sim.Kind, id string, body []byte) []byte {
	start := fmt.Sprintf("<details class=\"answer\">\n<summary>%s: %s <code>%s</code></summary>\n",
		AnswerSummary, html.EscapeString(string(kind)), html.EscapeString(id))
	return append(append([]byte(start), body...), answerEnd...)
}

var (
	answerOpen  = regexp.MustCompile(`^ {0,3}:::answer[ \t]*\r?\n?$`)
	answerClose = regexp.MustCompile(`^ {0,3}:::[ \t]*\r?\n?$`)
)

var kindAnswer = ast.NewNodeKind("Answer")

// An answerNode holds the blocks of an answer.
type answerNode struct{ ast.BaseBlock }

func (n *answerNode) Kind() ast.NodeKind { return kindAnswer }

func (n *answerNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type answerParser struct{}

func (answerParser) Trigger() []byte { return []byte{':'} }

func (answerParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if within[*answerNode](parent) {
		return nil, parser.NoChildren // a :::answer line in an answer is text
	}
	if line, _ := reader.PeekLine(); !answerOpen.Match(line) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &answerNode{}, parser.HasChildren
}

func (answerParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if line, _ := reader.PeekLine(); answerClose.Match(line) {
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (answerParser) Close(ast.Node, text.Reader, parser.Context) {}
func (answerParser) CanInterruptParagraph() bool                 { return true }
func (answerParser) CanAcceptIndentedLine() bool                 { return false }

type answerRenderer struct{}

func (answerRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindAnswer, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(answerStart)
		} else {
			w.WriteString(answerEnd)
		}
		return ast.WalkContinue, nil
	})
}

// answers is the goldmark extension of the :::answer container.
type answers struct{}

func (answers) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(answerParser{}, 650)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(answerRenderer{}, 500)))
}
