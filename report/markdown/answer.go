package markdown

import (
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/sim"
)

// An answer is shown only when the reader opens it: the Markdown container
//
//	:::answer
//	Key by the order id.
//	:::
//
// and a computation cell with answer: true both render inside
// <details class="answer"> under AnswerSummary: closed in the student's
// edition, open under KeySummary in the teacher's answer key (Doc.Key). An unclosed
// container runs to the end of its text; containers do not nest (a
// :::answer line in one is text), so that at most one is open: goldmark
// walks every open block at every line, and 5,400 nested answers took
// 3.3 GB (BenchmarkMarkdown's "answers").
//
// An answer may name the prediction it works out, ":::answer P3": its
// summary names it too, and grade quotes its text, the student's own
// figures printed, in that student's feedback (Vocabulary.WorkedAnswers).
// A name that is no prediction of the page is an error.

const (
	// AnswerSummary is what the student clicks to open an answer.
	AnswerSummary = "Show the answer"
	// KeySummary heads an answer in the answer key, where it is open.
	KeySummary = "The answer"
	answerEnd  = "</details>\n"
)

// answerStart opens an answer, under summary (HTML): open in the key.
func answerStart(key bool, summary string) string {
	if key {
		return "<details class=\"answer\" open>\n<summary>" + KeySummary + summary + "</summary>\n"
	}
	return "<details class=\"answer\">\n<summary>" + AnswerSummary + summary + "</summary>\n"
}

// CellAnswer puts a computed cell's HTML inside an answer, open in the key,
// whose summary names the cell, by its kind and id, so that a drill's
// answers in a row tell themselves apart.
func CellAnswer(key bool, kind sim.Kind, id string, body []byte) []byte {
	start := answerStart(key, fmt.Sprintf(": %s <code>%s</code>", html.EscapeString(string(kind)), html.EscapeString(id)))
	return append(append([]byte(start), body...), answerEnd...)
}

var (
	// answerOpen's group is the name of the prediction the answer works
	// out, if it names one.
	answerOpen  = lazyregexp.New(`^ {0,3}:::answer(?:[ \t]+([^\r\n]*?))?[ \t]*\r?\n?$`)
	answerClose = lazyregexp.New(`^ {0,3}:::[ \t]*\r?\n?$`)
)

var kindAnswer = ast.NewNodeKind("Answer")

// keyKey holds, in a conversion's parser context, whether the page is the
// teacher's answer key (Doc.Key).
var keyKey = parser.NewContextKey()

// An answerNode holds the blocks of an answer; key opens it. prediction
// is the name of the prediction it works out, if any, and body the offsets
// of its text in the source, from the line after :::answer to the line that
// closes it.
type answerNode struct {
	ast.BaseBlock
	key        bool
	prediction string
	body       [2]int
}

func (n *answerNode) Kind() ast.NodeKind { return kindAnswer }

func (n *answerNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// omitAnswers removes every answer under n (Doc.OmitAnswers).
func omitAnswers(n ast.Node) {
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		if _, ok := c.(*answerNode); ok {
			n.RemoveChild(n, c)
		} else {
			omitAnswers(c)
		}
		c = next
	}
}

type answerParser struct{}

func (answerParser) Trigger() []byte { return []byte{':'} }

func (answerParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if within[*answerNode](parent) {
		return nil, parser.NoChildren // a :::answer line in an answer is text
	}
	line, seg := reader.PeekLine()
	m := answerOpen.FindSubmatch(line)
	if m == nil {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	key, _ := pc.Get(keyKey).(bool)
	return &answerNode{key: key, prediction: string(m[1]), body: [2]int{seg.Stop, -1}}, parser.HasChildren
}

func (answerParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if line, seg := reader.PeekLine(); answerClose.Match(line) {
		node.(*answerNode).body[1] = seg.Start
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close ends the body of an answer that no ::: line closed where the
// answer ends: at the line that ends its parent, or at the end of the text.
func (answerParser) Close(node ast.Node, reader text.Reader, _ parser.Context) {
	n := node.(*answerNode)
	if n.body[1] >= 0 {
		return
	}
	n.body[1] = len(reader.Source())
	if line, seg := reader.PeekLine(); line != nil {
		n.body[1] = seg.Start
	}
}
func (answerParser) CanInterruptParagraph() bool { return true }
func (answerParser) CanAcceptIndentedLine() bool { return false }

type answerRenderer struct{}

func (answerRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindAnswer, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if a := n.(*answerNode); entering && a.prediction != "" {
			w.WriteString(answerStart(a.key, ": <code>"+html.EscapeString(a.prediction)+"</code>"))
		} else if entering {
			w.WriteString(answerStart(a.key, ""))
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

// answerText is an answer's Markdown as its author wrote it, the template's
// values printed: the lines of its body without the indentation they share
// (a list item's), and without blank lines around it.
func answerText(n *answerNode, source []byte) string {
	body := string(source[n.body[0]:max(n.body[0], n.body[1])])
	lines := strings.Split(strings.Trim(body, "\r\n"), "\n")
	lead := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	indent := len(body)
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			indent = min(indent, lead(l))
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(l[min(indent, lead(l)):], " \t\r")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
