package scenarios

import (
	"errors"
	"testing"
)

// TestErrorList: Add places a problem; Sort orders by file, line and
// column, keeping the order of problems at one place; Err is nil, untyped,
// for an empty list; Merge sorts the lists of several files as one.
func TestErrorList(t *testing.T) {
	type problem struct {
		file      string
		line, col int
		msg       string
	}
	for _, tc := range []struct {
		name string
		add  []problem
		want string // the sorted list's Error, "" for a nil Err
	}{
		{"empty", nil, ""},
		{"one", []problem{{"a.yaml", 3, 1, "x"}}, "a.yaml:3:1: f: x"},
		{"by line, then column", []problem{{"a.yaml", 3, 7, "x"}, {"a.yaml", 1, 9, "y"}, {"a.yaml", 3, 2, "z"}},
			"a.yaml:1:9: f: y\na.yaml:3:2: f: z\na.yaml:3:7: f: x"},
		{"by file first", []problem{{"b.yaml", 1, 1, "x"}, {"a.yaml", 9, 9, "y"}, {"b.yaml", 0, 0, "z"}},
			"a.yaml:9:9: f: y\nb.yaml: f: z\nb.yaml:1:1: f: x"},
		{"one place keeps its order", []problem{{"a.yaml", 2, 2, "first"}, {"a.yaml", 1, 1, "x"}, {"a.yaml", 2, 2, "second"}},
			"a.yaml:1:1: f: x\na.yaml:2:2: f: first\na.yaml:2:2: f: second"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l ErrorList
			for _, p := range tc.add {
				l.Add(p.file, Pos{p.line, p.col}, "f", p.msg)
			}
			l.Sort()
			check := func(how string, err error) {
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("%s = %#v, want nil", how, err)
				case tc.want != "" && (err == nil || err.Error() != tc.want):
					t.Errorf("%s = %v, want\n%s", how, err, tc.want)
				}
			}
			check("Err()", l.Err())
			// The same problems, one list per file, merged.
			var byFile []error
			for _, p := range tc.add {
				var one ErrorList
				one.Add(p.file, Pos{p.line, p.col}, "f", p.msg)
				byFile = append(byFile, one.Err(), nil)
			}
			check("Merge", Merge(byFile...))
		})
	}
	if err := Merge(nil, ErrorList{}.Err(), errors.New("x")); err == nil || err.Error() != "x" {
		t.Errorf("Merge of a plain error = %v, want it as it is", err)
	}
}
