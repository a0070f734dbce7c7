package gradebook

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/sim"

	_ "github.com/partlab/partlab/internal/golden"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct{ name, in, err string }{
		{"good", `{"scenario": "day-24", "token": "t", "answers": {"P1": 1}, "saved": "2026-03-01T09:30:00Z"}`, ""},
		{"not JSON", `{"scenario": `, "a.json: not an answers file from a variant page"},
		{"wrong type", `{"scenario": 3}`, "a.json: not an answers file from a variant page"},
		{"no token", `{"scenario": "day-24", "saved": "2026-03-01T09:30:00Z"}`, "names no scenario or no token"},
		{"bad time", `{"scenario": "day-24", "token": "t", "saved": "yesterday"}`, `saved "yesterday" is not a time`},
		{"too many", `{"scenario": "day-24", "token": "t", "saved": "2026-03-01T09:30:00Z", "answers": {` + manyAnswers(maxAnswers+1) + `}}`, "257 answers; the limit is 256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.in), "a.json")
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("error %v, want %q", err, tc.err)
			}
		})
	}
}

func manyAnswers(n int) string {
	var parts []string
	for i := range n {
		parts = append(parts, `"P`+strings.Repeat("x", i)+`": 1`)
	}
	return strings.Join(parts, ", ")
}

// TestParseIgnored lists, sorted, the fields that play no part.
func TestParseIgnored(t *testing.T) {
	f, ignored, err := Parse([]byte(`{"scenario": "s", "token": "t", "saved": "2026-03-01T09:30:00Z", "answers": {"P1": 2}, "actuals": {"P1": 2}, "bonus": 1}`), "a.json")
	if err != nil || !slices.Equal(ignored, []string{"actuals", "bonus"}) || f.Answers["P1"] != 2 {
		t.Errorf("%+v, ignored %q, %v", f, ignored, err)
	}
}

// student is one student with predictions P1 (actual 8, exact) and P2
// (actual 4.5, ±0.5), and answers if given.
func student(answers map[string]float64) Student {
	st := Student{ID: "s1", Name: "Ada", Email: "ada@school.example", Token: "tok",
		Predictions: []sim.PredictionsScore{{Name: "P1", Question: "how many?", Actual: 8}, {Name: "P2", Question: "how fast?", Actual: 4.5, Tolerance: 0.5}}}
	if answers != nil {
		st.Answers = &report.AnswerFile{Scenario: "day-24", Token: "tok", Answers: answers, Saved: "2026-03-01T09:30:00Z"}
	}
	return st
}

func TestMarks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		answers  map[string]float64
		verdicts []string
		unknown  []string
	}{
		{"no file", nil, []string{"no file", "no file"}, nil},
		{"hits", map[string]float64{"P1": 8, "P2": 4.9}, []string{"hit", "hit"}, nil},
		{"a miss and no answer", map[string]float64{"P1": 7}, []string{"miss", "no answer"}, nil},
		{"unknown names", map[string]float64{"P9": 1, "P0": 2, "P2": 4}, []string{"no answer", "hit"}, []string{"P0", "P9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marks, unknown := student(tc.answers).Marks()
			var verdicts []string
			for _, m := range marks {
				verdicts = append(verdicts, m.Verdict)
			}
			if !slices.Equal(verdicts, tc.verdicts) || !slices.Equal(unknown, tc.unknown) {
				t.Errorf("verdicts %q, unknown %q; want %q, %q", verdicts, unknown, tc.verdicts, tc.unknown)
			}
		})
	}
}

// TestWrite: a row per prediction and a total, every row the header's
// width, numbers as numbers, a name that reads as a formula quoted.
func TestWrite(t *testing.T) {
	st := student(map[string]float64{"P1": 8, "P2": -15.29})
	st.Name = "=HYPERLINK(\"https://evil.example/\")"
	var b strings.Builder
	if err := Write(&b, []Student{st, student(nil)}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		header,
		{"s1", `'=HYPERLINK("https://evil.example/")`, "ada@school.example", "tok", "P1", "how many?", "8", "8", "0", "hit", "1", "1", "2026-03-01T09:30:00Z"},
		{"s1", `'=HYPERLINK("https://evil.example/")`, "ada@school.example", "tok", "P2", "how fast?", "-15.29", "4.5", "0.5", "miss", "0", "1", "2026-03-01T09:30:00Z"},
		{"s1", `'=HYPERLINK("https://evil.example/")`, "ada@school.example", "tok", "total", "", "", "", "", "", "1", "2", "2026-03-01T09:30:00Z"},
		{"s1", "Ada", "ada@school.example", "tok", "P1", "how many?", "", "8", "0", "no file", "0", "1", ""},
		{"s1", "Ada", "ada@school.example", "tok", "P2", "how fast?", "", "4.5", "0.5", "no file", "0", "1", ""},
		{"s1", "Ada", "ada@school.example", "tok", "total", "", "", "", "", "", "0", "2", ""},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("gradebook:\n%q\nwant\n%q", rows, want)
	}
}

func TestFeedback(t *testing.T) {
	st := student(map[string]float64{"P1": 8, "P3": 1})
	st.Worked = map[string]string{"P1": "One key,\none partition."}
	got := Feedback(st, "day-24", "key/tok.html")
	for _, want := range []string{
		"day-24: your page tok\n", "1 of 2 predictions within their tolerance.",
		"P1  how many?\n    you: 8   actual: 8 (±0, )   hit",
		"\n    One key,\n    one partition.\n",
		"P2  how fast?\n    you: -   actual: 4.5 (±0.5, )   no answer",
		`Your file answers "P3", which is no prediction of this page.`,
		"worked with your numbers: key/tok.html\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("feedback lacks %q:\n%s", want, got)
		}
	}
	if got := Feedback(student(nil), "day-24", "k"); !strings.Contains(got, "No answers file was handed in.") {
		t.Errorf("feedback without a file:\n%s", got)
	}
}
