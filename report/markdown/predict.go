package markdown

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// The reader's predictions: {{ predict "P1" }} in an author's Markdown puts
// the input of prediction P1 beside its question, the same input as in the
// scoreboard's row (predictions.go); templates/reader.js keeps the two in
// step, stores them and scores them.
//
// goldmark's raw HTML stays off, so predict prints a marker, {{?N}}, with N
// the prediction's place among the page's predictions, and an inline parser
// of this file turns the marker into a node that renders the input. An
// author cannot type the marker into a template (text/template would read
// it as an action), and the narratives escape every brace; a marker that
// names no prediction stays text.

// predictMarker is what predict prints for the page's prediction number N.
var predictMarker = regexp.MustCompile(`^\{\{\?(\d{1,6})\}\}`)

func marker(i int) string { return fmt.Sprintf("{{?%d}}", i) }

// predictionsOf lists the predictions of every scoreboard, in page order.
func predictionsOf(cells []Cell) []sim.Prediction {
	var out []sim.Prediction
	for _, c := range cells {
		if p, ok := c.Sim.(sim.Predictions); ok {
			out = append(out, p.Items...)
		}
	}
	return out
}

// predict is the template function: the marker of the named prediction.
func (v *Vocabulary) predict(name string) (string, error) {
	var names []string
	for i, p := range v.predictions {
		if p.Name == name {
			return marker(i), nil
		}
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return "", fmt.Errorf("no prediction %q: the scenario has no predictions cell", name)
	}
	if near := scenarios.Suggest(name, names); near != "" {
		return "", fmt.Errorf("no prediction %q%s", name, near)
	}
	return "", fmt.Errorf("no prediction %q (want one of %s)", name, quoted(names))
}

// PredictionInput is the input of one prediction, wherever it stands: a
// number, labelled with the prediction's name and question, with the
// author's example, if any, as its placeholder. Every value is escaped.
func PredictionInput(p sim.Prediction) string {
	label := "Your prediction for " + p.Name
	if p.Question != "" {
		label += ": " + p.Question
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<input class="prediction" type="number" step="any" inputmode="decimal" data-prediction="%s" aria-label="%s"`,
		html.EscapeString(p.Name), html.EscapeString(label))
	if p.You != nil {
		fmt.Fprintf(&b, ` placeholder="e.g. %s"`, strconv.FormatFloat(*p.You, 'f', -1, 64))
	}
	b.WriteString(">")
	return b.String()
}

// predictionsKey holds, in a conversion's parser context, the page's
// predictions that markers number.
var predictionsKey = parser.NewContextKey()

var kindPredict = ast.NewNodeKind("Predict")

// A predictNode is one prediction's input.
type predictNode struct {
	ast.BaseInline
	prediction sim.Prediction
}

func (n *predictNode) Kind() ast.NodeKind { return kindPredict }

func (n *predictNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.prediction.Name}, nil)
}

type predictParser struct{}

func (predictParser) Trigger() []byte { return []byte{'{'} }

func (predictParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	m := predictMarker.FindSubmatch(line)
	if m == nil {
		return nil
	}
	list, _ := pc.Get(predictionsKey).([]sim.Prediction)
	i, err := strconv.Atoi(string(m[1]))
	if err != nil || i >= len(list) {
		return nil
	}
	block.Advance(len(m[0]))
	return &predictNode{prediction: list[i]}
}

type predictRenderer struct{}

func (predictRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindPredict, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(PredictionInput(n.(*predictNode).prediction))
		}
		return ast.WalkSkipChildren, nil
	})
}

// predicts is the goldmark extension of predict's markers.
type predicts struct{}

func (predicts) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(predictParser{}, 500)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(predictRenderer{}, 500)))
}
