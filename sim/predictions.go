package sim

import (
	"fmt"
	"math"
	"strings"
)

// Predictions is the lab's scoreboard: the learner's guesses, each checked
// against a figure an earlier cell computed ("spread.hot_partitions",
// "ceiling.speedup@8"), close enough when within the tolerance.
type Predictions struct {
	ID    string
	Items []Prediction
}

// Prediction is one guess.
type Prediction struct {
	Name      string // P1
	Question  string
	You       float64
	Actual    string // cell id "." figure name
	Tolerance float64
}

// PredictionsResult is the scoreboard.
type PredictionsResult struct {
	Kind string  `json:"kind"` // "predictions"
	ID   string  `json:"id"`
	Rows []Score `json:"rows"`
}

// Score is one prediction against its figure.
type Score struct {
	Name      string  `json:"name"`
	Question  string  `json:"question"`
	You       float64 `json:"you"`
	Actual    float64 `json:"actual"`
	Of        string  `json:"of"`
	Tolerance float64 `json:"tolerance"`
	Close     bool    `json:"close"`
}

// A Valued cell offers named figures to predictions; its result answers them.
type Valued interface {
	Cell
	Values() []string
}

type valuedResult interface {
	Value(name string) (float64, bool)
}

func (p Predictions) cellID() string { return p.ID }

func (p Predictions) run(e *env) (Result, error) {
	res := &PredictionsResult{Kind: "predictions", ID: p.ID}
	for _, item := range p.Items {
		id, name, _ := strings.Cut(item.Actual, ".")
		r, ok := e.results[id].(valuedResult)
		if !ok {
			return nil, fmt.Errorf("prediction %s: no cell %q with figures before this one", item.Name, id)
		}
		v, ok := r.Value(name)
		if !ok {
			return nil, fmt.Errorf("prediction %s: cell %q has no figure %q", item.Name, id, name)
		}
		res.Rows = append(res.Rows, Score{Name: item.Name, Question: item.Question, You: item.You, Actual: v,
			Of: item.Actual, Tolerance: item.Tolerance, Close: math.Abs(item.You-v) <= item.Tolerance})
	}
	return res, nil
}
