package markdown

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/report/format"
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
var predictMarker = lazyregexp.New(`^\{\{\?(\d{1,6})\}\}`)

func marker(i int) string { return fmt.Sprintf("{{?%d}}", i) }

// A prediction is one of the page's, with the figure the run computed for
// it, which the answer key prints; has is false when there are no results.
type prediction struct {
	sim.Prediction
	actual float64
	has    bool
}

// predictionsOf lists the predictions of every scoreboard, in page order,
// with their figures.
func predictionsOf(cells []Cell) []prediction {
	var out []prediction
	for _, c := range cells {
		p, ok := c.Sim.(sim.Predictions)
		if !ok {
			continue
		}
		r, _ := c.Result.(*sim.PredictionsResult)
		for i, item := range p.Items {
			pr := prediction{Prediction: item}
			if r != nil && i < len(r.Rows) {
				pr.actual, pr.has = r.Rows[i].Actual, true
			}
			out = append(out, pr)
		}
	}
	return out
}

// predict is the template function: the marker of the named prediction.
func (v *Vocabulary) predict(name string) (string, error) {
	i, err := lookup(v.predictions, v.brokenBoard, name)
	if err != nil {
		return "", err
	}
	return marker(i), nil
}

// lookup is the place of the named prediction in list, the page's. A name
// not in it is errBroken when a scoreboard was left out for its errors
// (broken): those errors are reported, and the name is likely its.
func lookup(list []prediction, broken bool, name string) (int, error) {
	var names []string
	for i, p := range list {
		if p.Name == name {
			return i, nil
		}
		names = append(names, p.Name)
	}
	if broken {
		return 0, fmt.Errorf("%q: %w", name, errBroken)
	}
	if len(names) == 0 {
		return 0, fmt.Errorf("no prediction %q: the scenario has no predictions cell", name)
	}
	if near := scenarios.Suggest(name, names); near != "" {
		return 0, fmt.Errorf("no prediction %q%s", name, near)
	}
	return 0, fmt.Errorf("no prediction %q (want one of %s)", name, quoted(names))
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

// visibleLabel is the name and question a prediction's input stands under
// in the text, where no table's row names it, in both editions; the
// scoreboard's row names it in its own columns.
func visibleLabel(p sim.Prediction) string {
	label := p.Name
	if p.Question != "" {
		label += ": " + p.Question
	}
	return `<span class="predict-label">` + html.EscapeString(label) + "</span>"
}

// PredictionKey is what the answer key prints in place of a prediction's
// input: the figure, labelled with the prediction's name and question.
func PredictionKey(p sim.Prediction, actual float64) string {
	label := "The figure of " + p.Name
	if p.Question != "" {
		label += ": " + p.Question
	}
	return fmt.Sprintf(`<strong class="key-figure" title="%s">%s</strong>`, html.EscapeString(label), html.EscapeString(format.Short(actual)))
}

// predictionsKey holds, in a conversion's parser context, the page's
// predictions that markers number.
var predictionsKey = parser.NewContextKey()

var kindPredict = ast.NewNodeKind("Predict")

// A predictNode is one prediction's input, or in the key its figure.
type predictNode struct {
	ast.BaseInline
	prediction prediction
	key        bool
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
	list, _ := pc.Get(predictionsKey).([]prediction)
	i, err := strconv.Atoi(string(m[1]))
	if err != nil || i >= len(list) {
		return nil
	}
	block.Advance(len(m[0]))
	key, _ := pc.Get(keyKey).(bool)
	return &predictNode{prediction: list[i], key: key}
}

type predictRenderer struct{}

func (predictRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindPredict, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if p := n.(*predictNode); entering && p.key && p.prediction.has {
			w.WriteString(`<span class="predict">` + visibleLabel(p.prediction.Prediction) + " " + PredictionKey(p.prediction.Prediction, p.prediction.actual) + "</span>")
		} else if entering {
			w.WriteString(`<label class="predict">` + visibleLabel(p.prediction.Prediction) + " " + PredictionInput(p.prediction.Prediction) + "</label>")
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
