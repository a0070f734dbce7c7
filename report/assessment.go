package report

import (
	"slices"
	"strings"

	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// An Assessment makes a page one student's variant in assessment mode
// (render --roster): the prediction inputs stay, and a "Download my
// answers" button saves what the student typed as a small JSON file
// (AnswerFile) for partlab grade; nothing on the page gives an answer
// away. Answers (:::answer and answer: true cells) are left out, not
// closed; so is every output a graded prediction depends on (withheld):
// the tables, charts and narrative of each cell a prediction's figure
// comes from or that is computed from one, whose input alone stays to
// show the student's values, and
// every Markdown cell that prints a figure of one; the scoreboard has no
// figures and no verdicts; the page neither links nor carries
// results.json and results.csv; and the expectations are the teacher's.
type Assessment struct {
	// Token is the page's opaque name, which the answers file carries
	// back to the teacher: never the student's id, name or email.
	Token string
}

// A Reveal makes a page one student's variant after the deadline (render
// --roster --reveal): the whole page of their values under the same token,
// nothing withheld and every answer open, as the answer key opens them,
// but with no expectations, no results beside it and no scoreboard input:
// the figures are printed in their place. Given the answers the student
// handed in, the scoreboard prints each beside its figure, hit or miss by
// the page's rule (sim.Hit), as grade scores it.
type Reveal struct {
	// Answers are the numbers the student's answers file holds, by
	// prediction name; nil when no file was given.
	Answers map[string]float64
}

// withheld are the cells, by index, whose output an assessment page leaves
// out: every computation a prediction's figure comes from, every
// computation made from one of those (sim.Refs: a throughput cell from a
// graded grid prints the grid's loads), and every md cell whose templates
// print a figure of either. Cells and figures are found by their names
// (the predictions' figures as resolved, the cells' references, the
// templates' figure calls), never by looking for numbers in the text; a
// figure a template prints by a computed name is not seen, and the
// summary is held to the same rule.
func withheld(s *scenarios.Scenario, cells []cell) (map[int]bool, bool) {
	graded := map[string]bool{}
	for _, c := range cells {
		if p, ok := c.Sim.(sim.Predictions); ok {
			for _, item := range p.Items {
				id, _, _ := strings.Cut(item.Actual, ".")
				graded[id] = true
			}
		}
	}
	// A cell refers only to earlier cells, so one pass in page order
	// follows a chain of references to its end.
	for _, c := range cells {
		if c.Sim != nil && slices.ContainsFunc(sim.Refs(c.Sim), func(id string) bool { return graded[id] }) {
			graded[c.ID] = true
		}
	}
	prints := func(t markdown.Text) bool {
		return slices.ContainsFunc(markdown.TextFigureRefs(s, t), func(r scenarios.FigureRef) bool {
			id, _, _ := strings.Cut(r.Figure, ".")
			return graded[id]
		})
	}
	out := map[int]bool{}
	for _, c := range cells {
		switch {
		case c.Sim != nil && graded[c.ID]:
			out[c.Index] = true
		case c.Kind == scenarios.Markdown && prints(markdown.CellText(c.Index, c.Cell)):
			out[c.Index] = true
		}
	}
	return out, prints(markdown.Summary(s))
}

// withheldData is the data of templates/cells/withheld.html: a computed
// cell whose output an assessment page leaves out, with its input.
type withheldData struct {
	Kind, ID, Input string
}

// An AnswerFile is what a variant page's button saves: the scenario's
// name, the page's token, the numbers typed by prediction name (an empty
// input is absent) and the browser's clock when it was saved (RFC 3339).
// templates/reader.js writes it; partlab grade reads it.
type AnswerFile struct {
	Scenario string             `json:"scenario"`
	Token    string             `json:"token"`
	Answers  map[string]float64 `json:"answers"`
	Saved    string             `json:"saved"`
}

// assessmentData is the page's part of an assessment: what the button
// writes into the file.
type assessmentData struct {
	Scenario, Token string
}
