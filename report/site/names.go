package site

import (
	"errors"
	"fmt"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/report"
)

// pageName is what a scenario's file name may be to name a directory and a
// link as it is.
var pageName = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// PageNames returns the notebooks, in their order, that can each have a
// page of one site: those whose file name can name the page's folder and
// links as it is, and whose page no earlier notebook already writes. The
// error names each notebook left out and why. A site is written only when
// none is left out; partlab serve serves the pages of the rest.
func PageNames(nbs []report.Notebook) ([]report.Notebook, error) {
	owner := map[string]string{} // a page's folder → the file that writes it
	var kept []report.Notebook
	var errs []error
	for _, nb := range nbs {
		name, file := nb.Scenario.Name, nb.Scenario.File
		if !pageName.MatchString(name) {
			errs = append(errs, fmt.Errorf("%s: the file's name %q cannot name a page: use letters, digits, '.', '_' and '-'", file, name))
			continue
		}
		if other, ok := owner[name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both write %s/: rename one", other, file, name))
			continue
		}
		owner[name] = file
		kept = append(kept, nb)
	}
	return kept, errors.Join(errs...)
}
