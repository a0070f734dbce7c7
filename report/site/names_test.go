package site

import (
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
)

// TestPageNames keeps the notebooks that can each have a page, in their
// order, and names every one left out and why.
func TestPageNames(t *testing.T) {
	nb := func(file string) Notebook {
		name := strings.TrimSuffix(file[strings.LastIndex(file, "/")+1:], ".yaml")
		return Notebook{Scenario: &scenarios.Scenario{Name: name, File: file}}
	}
	tests := []struct {
		name string
		nbs  []Notebook
		kept []string // the files kept
		errs []string // the error's lines
	}{
		{"none", nil, nil, nil},
		{"distinct names", []Notebook{nb("a.yaml"), nb("b.yaml")}, []string{"a.yaml", "b.yaml"}, nil},
		{"names that cannot be links", []Notebook{nb("#lab.yaml"), nb("a.yaml"), nb("a b.yaml"), nb(".hidden.yaml")}, []string{"a.yaml"}, []string{
			`#lab.yaml: the file's name "#lab" cannot name a page: use letters, digits, '.', '_' and '-'`,
			`a b.yaml: the file's name "a b" cannot name a page: use letters, digits, '.', '_' and '-'`,
			`.hidden.yaml: the file's name ".hidden" cannot name a page: use letters, digits, '.', '_' and '-'`,
		}},
		{"one page twice: the first keeps it", []Notebook{nb("x/a.yaml"), nb("b.yaml"), nb("y/a.yaml"), nb("z/a.yaml")}, []string{"x/a.yaml", "b.yaml"}, []string{
			"x/a.yaml and y/a.yaml would both write a/: rename one",
			"x/a.yaml and z/a.yaml would both write a/: rename one",
		}},
		{"a name refused claims no page", []Notebook{nb("x/a b.yaml"), nb("y/a b.yaml"), nb("a_b.yaml")}, []string{"a_b.yaml"}, []string{
			`x/a b.yaml: the file's name "a b" cannot name a page: use letters, digits, '.', '_' and '-'`,
			`y/a b.yaml: the file's name "a b" cannot name a page: use letters, digits, '.', '_' and '-'`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, err := PageNames(tt.nbs)
			var files []string
			for _, nb := range kept {
				files = append(files, nb.Scenario.File)
			}
			if !slices.Equal(files, tt.kept) {
				t.Errorf("kept %q, want %q", files, tt.kept)
			}
			var lines []string
			if err != nil {
				lines = strings.Split(err.Error(), "\n")
			}
			if !slices.Equal(lines, tt.errs) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(tt.errs, "\n"))
			}
		})
	}
}
