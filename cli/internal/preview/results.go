package preview

import (
	"slices"
	"strings"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
)

// results are what the last computations left, owned by the polling
// goroutine: each scenario file's last good notebook and current problems,
// and the site settings' likewise. A file that fails keeps its last good
// notebook, so that its page stays.
type results struct {
	good        map[string]report.Notebook
	errs        map[string]error
	settings    *scenarios.Site // nil for none
	settingsErr error
}

// keep forgets the files that are no longer the site's.
func (r *results) keep(files []string) {
	for f := range r.good {
		if !slices.Contains(files, f) {
			delete(r.good, f)
		}
	}
	for f := range r.errs {
		if !slices.Contains(files, f) {
			delete(r.errs, f)
		}
	}
}

// computed records a file's computation: its notebook, or its problems.
func (r *results) computed(file string, nb report.Notebook, err error) {
	if err != nil {
		r.errs[file] = err
		return
	}
	delete(r.errs, file)
	r.good[file] = nb
}

// read records the site settings as read: the settings, or their problems.
func (r *results) read(settings *scenarios.Site, err error) {
	if err != nil {
		r.settingsErr = err
		return
	}
	r.settings, r.settingsErr = settings, nil
}

// notebooks are the last good notebooks of files, in their order; a file
// that never computed has none.
func (r *results) notebooks(files []string) []report.Notebook {
	var nbs []report.Notebook
	for _, f := range files {
		if nb, ok := r.good[f]; ok {
			nbs = append(nbs, nb)
		}
	}
	return nbs
}

// problems are the settings' problems and then each of files', one a line.
func (r *results) problems(files []string) []string {
	var problems []string
	if r.settingsErr != nil {
		problems = append(problems, lines(r.settingsErr)...)
	}
	for _, f := range files {
		if err := r.errs[f]; err != nil {
			problems = append(problems, lines(err)...)
		}
	}
	return problems
}

// lines are an error's lines: one problem each (file:line:col: field:
// message).
func lines(err error) []string { return strings.Split(err.Error(), "\n") }
