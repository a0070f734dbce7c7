// Package gradebook scores the answers students download from their
// variant pages (report.AnswerFile) against their own variants' figures,
// recomputed by the caller with sim, by the page's rule (sim.Hit, the
// prediction's tolerance), and writes the gradebook CSV and each student's
// feedback.
//
// It computes no figure and reads no file: the caller gives it each
// answer file's bytes and each student's predictions as sim computed them.
// A file's own figures, if it carries any, are never read: only the
// numbers typed count.
package gradebook

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/partlab/partlab/internal/sheet"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/sim"
)

// MaxFile bounds an answer file: a few numbers and names.
const MaxFile = 64 << 10

// maxAnswers bounds the answers of one file, as a scenario's lists are.
const maxAnswers = 256

// Parse reads an answer file: a JSON object with the fields of
// report.AnswerFile, a time in RFC 3339, finite numbers, at most
// maxAnswers of them. Any other field (a figure someone wrote into the
// file, say) is returned in ignored and plays no part: grades use the
// recomputed figures. name is the file's, for the error.
func Parse(data []byte, name string) (f report.AnswerFile, ignored []string, err error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return f, nil, fmt.Errorf("%s: not an answers file from a variant page: %v", name, err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, nil, fmt.Errorf("%s: not an answers file from a variant page: %v", name, err)
	}
	for k := range fields {
		if !slices.Contains([]string{"scenario", "token", "answers", "saved"}, k) {
			ignored = append(ignored, k)
		}
	}
	slices.Sort(ignored)
	switch {
	case f.Scenario == "" || f.Token == "":
		return f, nil, fmt.Errorf("%s: the answers file names no scenario or no token", name)
	case len(f.Answers) > maxAnswers:
		return f, nil, fmt.Errorf("%s: %d answers; the limit is %d", name, len(f.Answers), maxAnswers)
	}
	if _, err := time.Parse(time.RFC3339, f.Saved); err != nil {
		return f, nil, fmt.Errorf("%s: saved %q is not a time such as 2026-03-01T09:30:00Z", name, f.Saved)
	}
	return f, ignored, nil
}

// A Student is one student's line of the gradebook: who, the token of
// their page, their predictions as their variant computed them, and their
// answers file, if one was handed in.
type Student struct {
	ID, Name, Email, Token string
	// LMS are the roster's columns an LMS's import matches a student by
	// (roster.Student.LMS).
	LMS         map[string]string
	Predictions []sim.PredictionsScore
	// Worked are the worked answers of the predictions, by name, with
	// the student's own figures (report.WorkedAnswers).
	Worked  map[string]string
	Answers *report.AnswerFile // nil: none handed in
}

// A Mark is one prediction of a student, scored.
type Mark struct {
	sim.PredictionsScore
	Answer  *float64 // nil: not answered
	Hit     bool
	Verdict string // hit, miss, no answer, or no file
}

// Marks scores st's answers, prediction by prediction, and lists the
// answers that name no prediction of the scenario.
func (st Student) Marks() (marks []Mark, unknown []string) {
	for _, p := range st.Predictions {
		m := Mark{PredictionsScore: p, Verdict: "no file"}
		if st.Answers != nil {
			m.Verdict = "no answer"
			if v, ok := st.Answers.Answers[p.Name]; ok && !math.IsNaN(v) && !math.IsInf(v, 0) {
				m.Answer = &v
				m.Hit = sim.Hit(v, p.Actual, p.Tolerance)
				m.Verdict = map[bool]string{true: "hit", false: "miss"}[m.Hit]
			}
		}
		marks = append(marks, m)
	}
	if st.Answers != nil {
		for name := range st.Answers.Answers {
			if !slices.ContainsFunc(st.Predictions, func(p sim.PredictionsScore) bool { return p.Name == name }) {
				unknown = append(unknown, name)
			}
		}
	}
	slices.Sort(unknown)
	return marks, unknown
}

// header is the gradebook's one table: a row per student and prediction,
// then a total row per student (prediction "total"), every row with the
// same fields.
var header = []string{"id", "name", "email", "token", "prediction", "question", "answer", "actual", "tolerance", "result", "points", "out_of", "saved"}

// Write writes the gradebook of the students, in their order, to w; every
// field a spreadsheet could read as a formula (a student's name, a
// prediction's) is neutralised by sheet.
func Write(w io.Writer, students []Student) error {
	c := sheet.NewWriter(w)
	c.Write(header)
	for _, st := range students {
		marks, _ := st.Marks()
		who := []string{st.ID, st.Name, st.Email, st.Token}
		saved := ""
		if st.Answers != nil {
			saved = st.Answers.Saved
		}
		points := 0
		for _, m := range marks {
			answer, point := "", "0"
			if m.Answer != nil {
				answer = number(*m.Answer)
			}
			if m.Hit {
				points++
				point = "1"
			}
			c.Write(append(slices.Clone(who), m.Name, m.Question, answer, number(m.Actual), number(m.Tolerance), m.Verdict, point, "1", saved))
		}
		c.Write(append(who, "total", "", "", "", "", "", strconv.Itoa(points), strconv.Itoa(len(marks)), saved))
	}
	c.Flush()
	return c.Error()
}

// Feedback is one student's feedback, as text they read: the scenario's
// title, a link to their revealed page (link, "" for none), then each
// prediction in words: its question, their answer, the figure of their
// own page, hit or miss and why, and its worked answer with their numbers,
// Markdown indented under it. It names no figure by its id.
func Feedback(st Student, title, link string) string {
	var b strings.Builder
	marks, unknown := st.Marks()
	points := 0
	for _, m := range marks {
		if m.Hit {
			points++
		}
	}
	fmt.Fprintf(&b, "%s\n", title)
	if link != "" {
		fmt.Fprintf(&b, "Your page, every answer open once your teacher reveals it: %s\n", link)
	}
	if st.Answers == nil {
		fmt.Fprintf(&b, "No answers file was handed in.\n")
	}
	fmt.Fprintf(&b, "%d of %d predictions within their tolerance.\n\n", points, len(marks))
	for _, m := range marks {
		question := m.Name
		if m.Question != "" {
			question += ". " + m.Question
		}
		answer := "none"
		if m.Answer != nil {
			answer = number(*m.Answer)
		}
		fmt.Fprintf(&b, "%s\n    Your answer: %s. The figure of your page: %s. %s\n", question, answer, number(m.Actual), verdict(m))
		if w := st.Worked[m.Name]; w != "" {
			fmt.Fprintf(&b, "\n    %s\n\n", strings.ReplaceAll(w, "\n", "\n    "))
		}
	}
	for _, name := range unknown {
		fmt.Fprintf(&b, "\nYour file answers %q, which is no prediction of this page.\n", name)
	}
	return b.String()
}

// verdict says a mark's verdict in words, with the rule that gave it.
func verdict(m Mark) string {
	switch m.Verdict {
	case "hit":
		return fmt.Sprintf("A hit: within ±%s of it.", number(m.Tolerance))
	case "miss":
		return fmt.Sprintf("A miss: more than ±%s from it.", number(m.Tolerance))
	}
	return "Not answered."
}

// An LMS is the shape of a wide gradebook an LMS's import reads: the
// columns that identify a student, and each student's values of them.
type LMS struct {
	columns []string
	who     func(Student) []string
}

// The LMSs whose gradebook imports partlab writes for. Canvas matches a
// row by Student, ID (Canvas's user id) or SIS User ID, and wants SIS
// Login ID and Section beside them (each empty when the roster has none); Moodle maps one identifier column of the file
// (Email address or ID number here) to its users, and each grade column to
// a grade item.
var (
	Canvas = LMS{[]string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}, func(st Student) []string {
		return []string{st.Name, st.ID, st.LMS["SIS User ID"], st.LMS["SIS Login ID"], st.LMS["Section"]}
	}}
	Moodle = LMS{[]string{"Full name", "Email address", "ID number"}, func(st Student) []string {
		return []string{st.Name, st.Email, st.LMS["ID number"]}
	}}
)

// WriteWide writes the gradebook of the students as lms imports one: a
// row per student, their identifying columns, then a column per
// prediction ("TITLE P1", 1 for a hit, else 0) and the total, headed by
// the assignment's name, title. A student who handed no file in has empty
// grades, which an import leaves as they are, rather than zeros.
func WriteWide(w io.Writer, lms LMS, title string, students []Student) error {
	c := sheet.NewWriter(w)
	head := slices.Clone(lms.columns)
	if len(students) > 0 {
		for _, p := range students[0].Predictions {
			head = append(head, title+" "+p.Name)
		}
	}
	c.Write(append(head, title))
	for _, st := range students {
		marks, _ := st.Marks()
		row, points := lms.who(st), 0
		for _, m := range marks {
			grade := ""
			if st.Answers != nil {
				grade = "0"
			}
			if m.Hit {
				points++
				grade = "1"
			}
			row = append(row, grade)
		}
		total := ""
		if st.Answers != nil {
			total = strconv.Itoa(points)
		}
		c.Write(append(row, total))
	}
	c.Flush()
	return c.Error()
}

func number(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
