package sim

import (
	"fmt"
	"math"
)

// KindPredictions is the kind of a Predictions cell.
const KindPredictions Kind = "predictions"

// Predictions is the lab's scoreboard: the learner's guesses, each checked
// against a figure an earlier cell computed ("spread.hot_partitions",
// "ceiling.speedup@8"), close enough when within the tolerance.
type Predictions struct {
	ID    string
	Items []Prediction
}

// Prediction is one guess. You is the author's example, nil when the
// author leaves the guess to the reader, whose page scores it.
type Prediction struct {
	Name      string // P1
	Question  string
	You       *float64
	Actual    string // cell id "." figure name
	Tolerance float64
}

// PredictionsResult is the scoreboard.
type PredictionsResult struct {
	Kind Kind               `json:"kind"` // KindPredictions
	ID   string             `json:"id"`
	Rows []PredictionsScore `json:"rows"`
}

// PredictionsScore is one prediction against its figure. Without an example (You
// nil) there is nothing to score and Close is false.
type PredictionsScore struct {
	Name      string   `json:"name"`
	Question  string   `json:"question"`
	You       *float64 `json:"you,omitempty"`
	Actual    float64  `json:"actual"`
	Of        string   `json:"of"`
	Tolerance float64  `json:"tolerance"`
	Close     bool     `json:"close"`
}

// Hit reports whether a guess is within tolerance of actual: the one rule
// that both the engine and the page's script (templates/reader.js) apply.
func Hit(guess, actual, tolerance float64) bool { return math.Abs(guess-actual) <= tolerance }

func (p Predictions) run(e *env) (Result, error) {
	res := &PredictionsResult{Kind: KindPredictions, ID: p.ID}
	e.tick(len(p.Items))
	for _, item := range p.Items {
		v, err := e.done.Figure(item.Actual)
		if err != nil {
			return nil, fmt.Errorf("prediction %s: %w", item.Name, err)
		}
		res.Rows = append(res.Rows, PredictionsScore{Name: item.Name, Question: item.Question, You: item.You, Actual: v,
			Of: item.Actual, Tolerance: item.Tolerance, Close: item.You != nil && Hit(*item.You, v, item.Tolerance)})
	}
	return res, nil
}

// The scoreboard names figures and has none of its own.
var predictionsFigures = figureTable[Predictions, *PredictionsResult, struct{}]{}

func (Predictions) figures() figureSet { return predictionsFigures }

// Kind returns KindPredictions.
func (Predictions) Kind() Kind { return KindPredictions }

// CellID returns the cell's id.
func (p Predictions) CellID() string { return p.ID }

// Cost of the predictions: a figure looked up and a row per guess.
func (p Predictions) Cost(Source) Cost {
	rows := int64(len(p.Items))
	return Cost{Visits: rows, Rows: rows, Bytes: cellBytes + rows*rowBytes}
}
