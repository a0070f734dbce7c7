package report

import (
	"fmt"
	"html/template"
	"io"
	"strconv"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/sim"
)

var predictionsKind = newKind(kindSpec[*sim.PredictionsResult]{
	title:     "Predictions against the run",
	narrative: "predictions.md",
	view:      predictionsView,
	text:      predictionsText,
})

// A scoreboard is the data of templates/cells/scoreboard.html: a row per
// prediction with the reader's input and a verdict that
// templates/reader.js scores as they type, against the figure and tolerance
// the verdict carries; then the figures, behind markdown.AnswerSummary. In
// the student's edition the figures' <details> is closed, and the script
// opens it once every input is filled; in the answer key it is open, and
// each row prints its figure in place of the input.
//
// In assessment mode the scoreboard has no verdicts and no figures, only
// the inputs, their tolerances and the button that saves them. On a
// revealed page given the student's answers (Handed), each row prints the
// answer handed in and its verdict, scored here.
type scoreboard struct {
	Rows    []scoreRow
	Summary string
	Key     bool
	Actuals table
	Assess  bool
	Handed  bool
}

// A scoreRow is one prediction. Actual and Tolerance are exact, for the
// script; Shown is the tolerance as the page prints figures.
type scoreRow struct {
	Name, Question string
	Input          template.HTML
	Actual         string
	Tolerance      string
	Shown          string
	// You and Verdict are the answer handed in and hit, miss or no
	// answer, on a revealed page given the answers.
	You, Verdict string
}

// predictionsView shows the lab's scoreboard: each prediction's input, its
// verdict, and the figures a cell above computed.
func predictionsView(p *pageState, c computation, r *sim.PredictionsResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s against the figures above", format.Plural(len(r.Rows), "prediction")))
	s := &scoreboard{Summary: markdown.AnswerSummary, Key: p.doc.Key, Assess: p.assess, Actuals: table{Caption: "The figures", Columns: []column{label("prediction"), num("actual"), label("figure")}}}
	if s.Key {
		s.Summary = markdown.KeySummary
	}
	story := predictionsStory{Total: len(r.Rows), Assess: p.assess, Revealed: p.reveal != nil}
	s.Handed = p.reveal != nil && p.reveal.Answers != nil
	for _, row := range r.Rows {
		in := sim.Prediction{Name: row.Name, Question: row.Question, You: row.You}
		input := markdown.PredictionInput(in)
		if s.Key {
			input = markdown.PredictionKey(in, row.Actual)
		}
		sr := scoreRow{Name: row.Name, Question: row.Question, Input: inputHTML(input),
			Tolerance: exact(row.Tolerance), Shown: "±" + format.Short(row.Tolerance)}
		if !s.Assess {
			sr.Actual = exact(row.Actual)
			s.Actuals.add(false, row.Name, format.Short(row.Actual), row.Of)
		}
		if s.Handed {
			sr.You, sr.Verdict = "—", "no answer"
			if you, ok := p.reveal.Answers[row.Name]; ok {
				sr.You, sr.Verdict = format.Short(you), "miss"
				if sim.Hit(you, row.Actual, row.Tolerance) {
					sr.Verdict = "hit"
					story.Hits++
				}
			}
		}
		s.Rows = append(s.Rows, sr)
	}
	story.Handed = s.Handed
	v.d.Blocks = append(v.d.Blocks, block{Scoreboard: s})
	return v.done(story)
}

// exact prints a figure so that the page's script reads back the same float.
func exact(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// A predictionsStory is what a scoreboard says before the reader has typed:
// how many predictions there are and how they are scored, which differs
// on a variant page (Assess: the teacher scores the file handed in) and on
// a revealed one (Revealed; Handed when the answers handed in are shown,
// Hits of them hits). It names no figure, since the figures are the
// answers.
type predictionsStory struct {
	Total, Hits              int
	Assess, Revealed, Handed bool
}

// predictionsText prints each prediction against its figure; a prediction
// without the author's example has nothing to score.
func predictionsText(w io.Writer, c cell, r *sim.PredictionsResult) {
	for _, s := range r.Rows {
		you, verdict := "-", "no example"
		if s.You != nil {
			you, verdict = fmt.Sprintf("%.1f", *s.You), "not close"
			if s.Close {
				verdict = "close enough"
			}
		}
		fmt.Fprintf(w, "%-4s %-32s you = %6s   actual = %6.1f   %s\n", s.Name, s.Question, you, s.Actual, verdict)
	}
}
