package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/sheet"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
)

// studentsFile is the teacher's map of students to their pages.
const studentsFile = "students.csv"

// renderRoster renders every student's variant of every file with
// variants into the site in o.dir under its token, in assessment mode or,
// with o.reveal, whole, and the other files' pages as render does; and the
// teacher's side into o.teacher when set, outside the site: students.csv
// (each student, scenario, token, URL, answer key and values) and the
// answer keys. Everything is planned and computed first: a roster over the
// budget, an answers file (o.answers) no page takes, or with o.strictly a
// variant or page that misses an expectation, writes nothing.
func renderRoster(ctx context.Context, o renderOptions, stderr io.Writer) error {
	if o.teacher != "" {
		if err := apart(o.teacher, o.dir, "--teacher %[1]s is inside the site -o %[2]s, or holds it (%[3]s and %[4]s): the answer keys and the students' names would be published; choose a folder outside the site"); err != nil {
			return err
		}
	}
	varied, pages, err := splitVaried(o.files, o.compute)
	if err != nil {
		return err
	}
	plans, err := computeVariants(ctx, varied, o.compute, o.roster, stderr)
	if err != nil {
		return err
	}
	notebooks, err := computeAll(ctx, pages, o, stderr)
	if err != nil {
		return err
	}
	if o.strictly {
		if lines, err := variantMisses(plans); err != nil || len(lines) > 0 {
			return errors.Join(err, fmt.Errorf("%w (--strict, nothing written):\n%s", errMissed, strings.Join(lines, "\n")))
		}
	}
	handed, err := answersOf(o, plans, stderr)
	if err != nil {
		return err
	}
	site, err := o.siteOf(notebooks, stderr)
	if err != nil {
		return err
	}
	for _, f := range varied {
		if !slices.ContainsFunc(notebooks, func(nb report.Notebook) bool { return nb.Scenario.File == f }) {
			site.Withdrawn = append(site.Withdrawn, withdraw(f, stderr))
		}
	}
	for _, plan := range plans {
		for _, v := range plan {
			page := reportsite.Variant{Token: v.token, Notebook: v.nb}
			if o.reveal {
				page.Reveal = &report.Reveal{}
				if o.answers != "" {
					// A student who handed nothing in has every answer missing.
					page.Reveal.Answers = map[string]float64{}
				}
				if f, ok := handed[v.token]; ok {
					page.Reveal.Answers = f.Answers
				}
			}
			site.Variants = append(site.Variants, page)
		}
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if o.teacher != "" {
		// The teacher's side first: a site whose pages nobody can map to
		// a student would be of no use.
		if err := writeTeacher(site, plans, o); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s: %s of %s, and their answer keys\n", filepath.Join(o.teacher, studentsFile), plural(len(plans[0]), "student"), plural(len(varied), "scenario"))
	}
	defer onInterrupt(ctx, removeNewTemps(o.dir))()
	return site.Write(o.dir, io.Discard)
}

// splitVaried are the files with variants, whose students' pages a roster
// render makes, and the pages it renders as render does: the files without
// variants and those that ask for their own page too (variants:
// {public_page: true}). With no file with variants, it is the roster that
// is misplaced.
func splitVaried(files []string, flags *computeFlags) (varied, pages []string, err error) {
	var errs []error
	for _, f := range files {
		s, err := prepare(f, flags)
		if s == nil {
			errs = append(errs, err)
			continue
		}
		v := s.Variants
		if len(v.Vary) > 0 {
			varied = append(varied, f)
		}
		if len(v.Vary) == 0 || v.PublicPage {
			pages = append(pages, f)
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	if len(varied) == 0 {
		return nil, nil, fmt.Errorf("%s: no scenario has variants: say what varies, such as variants: {vary: {source.seed: any}}", strings.Join(files, ", "))
	}
	return varied, pages, nil
}

// answersOf are the answers files of o.answers, every *.json in it, by
// token; a file no page takes stops the render, every such file named.
func answersOf(o renderOptions, plans [][]variant, stderr io.Writer) (map[string]handedFile, error) {
	if o.answers == "" {
		return nil, nil
	}
	paths, err := filepath.Glob(filepath.Join(o.answers, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("--answers %s holds no answers file (*.json)", o.answers)
	}
	handed, problems := handedIn(paths, strings.Join(o.files, ", "), plans, stderr)
	if len(problems) > 0 {
		return nil, fmt.Errorf("--answers %s (nothing written): %w", o.answers, errors.Join(problems...))
	}
	fmt.Fprintf(stderr, "revealed with the answers of %s\n", plural(len(handed), "student"))
	return handed, nil
}

// writeTeacher writes the teacher's folder of site's variants: their
// answer keys and students.csv.
func writeTeacher(site reportsite.Site, plans [][]variant, o renderOptions) error {
	keys, err := site.KeyFiles()
	if err != nil {
		return err
	}
	base := ""
	if o.site.settings != nil {
		base = o.site.settings.BaseURL
	}
	table, err := studentsTable(plans, base)
	if err != nil {
		return err
	}
	build := publish.Build{Files: append(keys, publish.File{Path: studentsFile, Data: table})}
	if err := (publish.Publisher{Progress: io.Discard}).Update(o.teacher, func(string) (publish.Build, error) { return build, nil }); err != nil {
		return fmt.Errorf("--teacher %s: %w", o.teacher, err)
	}
	return nil
}

// studentsTable is students.csv: a row per student and scenario with the
// page's token, its URL (under base_url when the site has one, else
// relative to the site's folder), the answer key's file in the teacher's
// folder, and the variant's values, a column per path any scenario varies
// (empty for a scenario that does not vary it).
func studentsTable(plans [][]variant, base string) ([]byte, error) {
	var paths []string
	for _, plan := range plans {
		for _, o := range plan[0].values {
			if !slices.Contains(paths, o.Path) {
				paths = append(paths, o.Path)
			}
		}
	}
	slices.Sort(paths)
	var b bytes.Buffer
	w := sheet.NewWriter(&b)
	w.Write(append([]string{"id", "name", "email", "scenario", "token", "url", "key"}, paths...))
	for _, plan := range plans {
		for _, v := range plan {
			page := v.token + "/" + report.PageFile
			st := v.student
			row := []string{st.ID, st.Name, st.Email, v.nb.Scenario.Name, v.token, pageURL(base, v.token), page}
			for _, p := range paths {
				i := slices.IndexFunc(v.values, func(o scenarios.Override) bool { return o.Path == p })
				row = append(row, "")
				if i >= 0 {
					row[len(row)-1] = v.values[i].Value
				}
			}
			w.Write(row)
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// pageURL is the URL of the variant page of token: under base_url when the
// site has one, else relative to the site's folder.
func pageURL(base, token string) string {
	if base == "" {
		return token + "/" + report.PageFile
	}
	return base + token + "/"
}

// variantMisses runs every expectation on every variant and returns each
// miss, its variant named by its token and values (never the student).
func variantMisses(plans [][]variant) ([]string, error) {
	var lines []string
	for _, plan := range plans {
		for _, v := range plan {
			outcomes, err := v.nb.Expected()
			if err != nil {
				return nil, err
			}
			for k, o := range outcomes {
				if !o.Held {
					lines = append(lines, fmt.Sprintf("variant %s (%s): %s", v.token, values(v), report.MissLine(v.nb.Scenario, k, o)))
				}
			}
		}
	}
	return lines, nil
}

// values are a variant's values: path=value, ….
func values(v variant) string {
	var parts []string
	for _, o := range v.values {
		parts = append(parts, o.Path+"="+o.Value)
	}
	return strings.Join(parts, ", ")
}
