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
// in o.dir, in assessment mode under its token, and the teacher's side into
// o.teacher, outside the site: students.csv (each student, scenario, token,
// URL and answer key) and the answer keys. Everything is planned and
// computed first: a roster over the budget, or with o.strictly a variant
// that misses an expectation, writes nothing.
func renderRoster(ctx context.Context, o renderOptions, stderr io.Writer) error {
	if err := apart(o.teacher, o.dir, "--teacher %[1]s is inside the site -o %[2]s, or holds it (%[3]s and %[4]s): the answer keys and the students' names would be published; choose a folder outside the site"); err != nil {
		return err
	}
	plans, err := computeVariants(ctx, o.files, o.compute, o.roster, stderr)
	if err != nil {
		return err
	}
	if o.strictly {
		if lines, err := variantMisses(plans); err != nil || len(lines) > 0 {
			return errors.Join(err, fmt.Errorf("%w (--strict, nothing written):\n%s", errMissed, strings.Join(lines, "\n")))
		}
	}
	site, err := o.render.site()
	if err != nil {
		return err
	}
	site.Settings, site.Clean = o.site.settings, o.site.clean
	for _, plan := range plans {
		for _, v := range plan {
			site.Variants = append(site.Variants, reportsite.Variant{Token: v.token, Notebook: v.nb})
		}
	}
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
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	// The teacher's side first: a site whose pages nobody can map to a
	// student would be of no use.
	build := publish.Build{Files: append(keys, publish.File{Path: studentsFile, Data: table})}
	if err := (publish.Publisher{Progress: io.Discard}).Update(o.teacher, func(string) (publish.Build, error) { return build, nil }); err != nil {
		return fmt.Errorf("--teacher %s: %w", o.teacher, err)
	}
	fmt.Fprintf(stderr, "wrote %s: %s of %s, and their answer keys\n", filepath.Join(o.teacher, studentsFile), plural(len(plans[0]), "student"), plural(len(o.files), "scenario"))
	defer onInterrupt(ctx, removeNewTemps(o.dir))()
	return site.Write(o.dir, io.Discard)
}

// studentsTable is students.csv: a row per student and scenario with the
// page's token, its URL (under base_url when the site has one, else
// relative to the site's folder) and the answer key's file in the
// teacher's folder.
func studentsTable(plans [][]variant, base string) ([]byte, error) {
	var b bytes.Buffer
	w := sheet.NewWriter(&b)
	w.Write([]string{"id", "name", "email", "scenario", "token", "url", "key"})
	for _, plan := range plans {
		for _, v := range plan {
			page := v.token + "/" + report.PageFile
			url := page
			if base != "" {
				url = base + v.token + "/"
			}
			st := v.student
			w.Write([]string{st.ID, st.Name, st.Email, v.nb.Scenario.Name, v.token, url, page})
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
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
