package report

import (
	"fmt"
	"io"

	"partlab/sim"
)

var predictionsKind = newKind("computed.html", predictionsView, predictionsText)

// predictionsView shows the lab's scoreboard: each prediction against the
// figure a cell above computed, and whether it was close enough.
func predictionsView(p *pageState, c cell, r *sim.PredictionsResult) (any, error) {
	s := newPredictionsStory(r)
	v := newComputedView(p, c, fmt.Sprintf("%s against the figures above", plural(len(r.Rows), "prediction")))
	t := table{Caption: "Scoreboard", Columns: []column{label("prediction"), wide("question"), num("you"), num("actual"),
		num("tolerance"), label("verdict"), label("figure")}}
	for _, row := range r.Rows {
		t.add(false, row.Name, row.Question, short(row.You), short(row.Actual), "±"+short(row.Tolerance), verdict(row), row.Of)
		if !row.Close {
			t.mark()
		}
	}
	v.tables(t)
	return v.done("predictions.md", s)
}

// verdict is the lab's word for a score, with a mark to scan the column by.
func verdict(s sim.Score) string {
	if s.Close {
		return "✓ close enough"
	}
	return "✗ not close"
}

// A predictionsStory is what a scoreboard says: how many were close, and
// the ones that were not.
type predictionsStory struct {
	Close, Total int
	Misses       []sim.Score
}

func newPredictionsStory(r *sim.PredictionsResult) predictionsStory {
	s := predictionsStory{Total: len(r.Rows)}
	for _, row := range r.Rows {
		if row.Close {
			s.Close++
		} else {
			s.Misses = append(s.Misses, row)
		}
	}
	return s
}

func predictionsText(w io.Writer, c cell, r *sim.PredictionsResult) {
	for _, s := range r.Rows {
		verdict := "not close"
		if s.Close {
			verdict = "close enough"
		}
		fmt.Fprintf(w, "%-4s %-32s you = %6.1f   actual = %6.1f   %s\n", s.Name, s.Question, s.You, s.Actual, verdict)
	}
}
