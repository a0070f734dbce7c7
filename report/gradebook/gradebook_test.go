package gradebook

import (
	"encoding/csv"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
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

// TestFeedback: each prediction in words, its worked answer indented, a
// link to the revealed page when there is one, and no figure's id.
func TestFeedback(t *testing.T) {
	st := student(map[string]float64{"P1": 8, "P3": 1})
	st.Worked = map[string]string{"P1": "One key,\none partition."}
	st.Predictions[0].Of = "ceiling.speedup@8"
	tests := []struct {
		name, link string
		st         Student
		want       []string
		absent     []string
	}{
		{"answers", "https://course.example/tok/", st, []string{
			"Day 24: The ceiling\nYour page, every answer open once your teacher reveals it: https://course.example/tok/\n",
			"1 of 2 predictions within their tolerance.",
			"P1. how many?\n    Your answer: 8. The figure of your page: 8. A hit: within ±0 of it.\n",
			"\n    One key,\n    one partition.\n",
			"P2. how fast?\n    Your answer: none. The figure of your page: 4.5. Not answered.\n",
			`Your file answers "P3", which is no prediction of this page.`,
		}, []string{"ceiling.speedup", "@", "folder", "TOKEN"}},
		{"no link", "", student(map[string]float64{"P2": 9}), []string{
			"P2. how fast?\n    Your answer: 9. The figure of your page: 4.5. A miss: more than ±0.5 from it.\n",
		}, []string{"Your page", "index.html"}},
		{"no file", "", student(nil), []string{"No answers file was handed in."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Feedback(tt.st, "Day 24: The ceiling", tt.link)
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("feedback lacks %q:\n%s", want, got)
				}
			}
			for _, absent := range tt.absent {
				if strings.Contains(got, absent) {
					t.Errorf("feedback holds %q:\n%s", absent, got)
				}
			}
		})
	}
}

// wideStudents are two students of an LMS's roster, one with a file and
// a name that reads as a formula, one without.
func wideStudents() []Student {
	a := student(map[string]float64{"P1": 8, "P2": 9})
	a.Name = "=cmd|' /C calc'!A0"
	a.LMS = map[string]string{"SIS User ID": "S-1", "Section": "A, mornings", "ID number": "S-1"}
	b := student(nil)
	b.ID, b.Name, b.Email = "102", "Lovelace, Ada", "ada2@school.example"
	return []Student{a, b}
}

// TestWriteWide: a row per student in each LMS's shape, read back by Go's
// encoding/csv; the formula neutralised; no grades for no file.
func TestWriteWide(t *testing.T) {
	tests := []struct {
		name string
		lms  LMS
		want [][]string
	}{
		{"canvas", Canvas, [][]string{
			{"Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Day 24 P1", "Day 24 P2", "Day 24"},
			{`'=cmd|' /C calc'!A0`, "s1", "S-1", "", "A, mornings", "1", "0", "1"},
			{"Lovelace, Ada", "102", "", "", "", "", "", ""},
		}},
		{"moodle", Moodle, [][]string{
			{"Full name", "Email address", "ID number", "Day 24 P1", "Day 24 P2", "Day 24"},
			{`'=cmd|' /C calc'!A0`, "ada@school.example", "S-1", "1", "0", "1"},
			{"Lovelace, Ada", "ada2@school.example", "", "", "", ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteWide(&b, tt.lms, "Day 24", wideStudents()); err != nil {
				t.Fatal(err)
			}
			rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(rows, tt.want, slices.Equal) {
				t.Errorf("gradebook:\n%q\nwant\n%q", rows, tt.want)
			}
			// Python's csv module, which scripts around an LMS use, reads
			// the same rows.
			python, err := exec.LookPath("python3")
			testtool.Need(t, "python3", err)
			cmd := exec.Command(python, "-c", "import csv, json, sys; print(json.dumps(list(csv.reader(sys.stdin))))")
			cmd.Stdin = strings.NewReader(b.String())
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v", err)
			}
			var py [][]string
			if err := json.Unmarshal(out, &py); err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(py, tt.want, slices.Equal) {
				t.Errorf("Python's csv reads:\n%q\nwant\n%q", py, tt.want)
			}
		})
	}
}
