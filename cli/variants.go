package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/partlab/partlab/internal/sheet"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
	reportsite "github.com/partlab/partlab/report/site"
)

// studentsFile is the teacher's map of students to their pages.
const studentsFile = "students.csv"

// renderRoster renders every student's variant of every file into the site
// in dir, in assessment mode under its token, and the teacher's side into
// teacher, outside the site: students.csv (each student, scenario, token,
// URL and answer key) and the answer keys. Everything is planned and
// computed first: a roster over the budget, or with strictly a variant
// that misses an expectation, writes nothing.
func renderRoster(ctx context.Context, files []string, dir, teacher string, rf *renderFlags, sc siteChoice, flags *computeFlags, rosterFlags *rosterFlags, strictly bool, stderr io.Writer) error {
	if err := outside(teacher, dir); err != nil {
		return err
	}
	plans, nbs, err := computeVariants(ctx, files, flags, rosterFlags, stderr)
	if err != nil {
		return err
	}
	if strictly {
		if lines, err := variantMisses(plans, nbs); err != nil || len(lines) > 0 {
			return errors.Join(err, fmt.Errorf("%w (--strict, nothing written):\n%s", errMissed, strings.Join(lines, "\n")))
		}
	}
	site, err := rf.site()
	if err != nil {
		return err
	}
	site.Settings, site.Clean = sc.settings, sc.clean
	for i := range files {
		for j, v := range plans[i] {
			site.Variants = append(site.Variants, reportsite.Variant{Token: v.token, Notebook: nbs[i][j]})
		}
	}
	keys, err := site.KeyFiles()
	if err != nil {
		return err
	}
	base := ""
	if sc.settings != nil {
		base = sc.settings.BaseURL
	}
	table, err := studentsTable(plans, nbs, base)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	// The teacher's side first: a site whose pages nobody can map to a
	// student would be of no use.
	build := publish.Build{Files: append(keys, publish.File{Path: studentsFile, Data: table})}
	if err := (publish.Publisher{Progress: io.Discard}).Update(teacher, func(string) (publish.Build, error) { return build, nil }); err != nil {
		return fmt.Errorf("--teacher %s: %w", teacher, err)
	}
	fmt.Fprintf(stderr, "wrote %s: %s of %s, and their answer keys\n", filepath.Join(teacher, studentsFile), plural(len(plans[0]), "student"), plural(len(files), "scenario"))
	defer onInterrupt(ctx, removeNewTemps(filepath.Join(filepath.Dir(filepath.Clean(dir)), "."+filepath.Base(dir)+".tmp-*")))()
	return site.Write(dir, io.Discard)
}

// studentsTable is students.csv: a row per student and scenario with the
// page's token, its URL (under base_url when the site has one, else
// relative to the site's folder) and the answer key's file in the
// teacher's folder.
func studentsTable(plans [][]variant, nbs [][]report.Notebook, base string) ([]byte, error) {
	var b bytes.Buffer
	w := sheet.NewWriter(&b)
	w.Write([]string{"id", "name", "email", "scenario", "token", "url", "key"})
	for i, plan := range plans {
		for j, v := range plan {
			page := v.token + "/" + report.PageFile
			url := page
			if base != "" {
				url = base + v.token + "/"
			}
			st := v.student
			w.Write([]string{st.ID, st.Name, st.Email, nbs[i][j].Scenario.Name, v.token, url, page})
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// outside refuses a teacher's folder inside the site's (or the site inside
// it), by their paths with every symbolic link resolved: the answer keys
// would be published.
func outside(teacher, site string) error {
	t, err := resolved(teacher)
	if err != nil {
		return err
	}
	s, err := resolved(site)
	if err != nil {
		return err
	}
	if within(t, s) || within(s, t) {
		return usageError{error: fmt.Errorf("--teacher %s is inside the site -o %s, or holds it (%s and %s): the answer keys and the students' names would be published; choose a folder outside the site", teacher, site, t, s)}
	}
	return nil
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolved is path made absolute with the symbolic links of its longest
// existing part resolved.
func resolved(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest), nil
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// variantMisses runs every expectation on every variant and returns each
// miss, its variant named by its token and values (never the student).
func variantMisses(plans [][]variant, nbs [][]report.Notebook) ([]string, error) {
	var lines []string
	for i, plan := range plans {
		for j, v := range plan {
			nb := nbs[i][j]
			outcomes, err := nb.Expected()
			if err != nil {
				return nil, err
			}
			for k, o := range outcomes {
				if !o.Held {
					lines = append(lines, fmt.Sprintf("variant %s (%s): %s", v.token, values(v), report.MissLine(nb.Scenario, k, o)))
				}
			}
		}
	}
	return lines, nil
}

// values are a variant's values: path=value, ….
func values(v variant) string {
	var parts []string
	for _, o := range v.overrides {
		parts = append(parts, o.Path+"="+o.Value)
	}
	return strings.Join(parts, ", ")
}
