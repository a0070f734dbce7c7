package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/partlab/partlab/internal/contain"
	"github.com/partlab/partlab/report"
	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// defaultOut is where the site goes.
const defaultOut = "out"

var defaultCommand = &Command{
	UsageLine: "partlab [render flags]",
	Short:     "render every scenarios/*.yaml into out/ with site.yaml's settings (render --clean)",
	Long: `Partlab without a command renders every scenarios/*.yaml of the working folder
into out/, with the settings of site.yaml when there is one, and removes the pages
whose scenario file is gone, as render --clean does. It takes the render flags and
no files; a path of --set names one file's cells, so it takes no compute flags.`,
	Examples: []Example{
		{"partlab", "render every scenarios/*.yaml into out/, with site.yaml's settings"},
		{"partlab --self-contained", "the same, each page one file that refers to no other"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		rf := addRenderFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) > 0 {
				return usageError{error: fmt.Errorf("partlab without a command renders scenarios/*.yaml and takes no files (got %q): use partlab render FILE…", args[0])}
			}
			if err := rf.check(); err != nil {
				return err
			}
			files, err := defaultScenarios()
			if err != nil {
				return err
			}
			settings, err := loadSite("", files)
			if err != nil {
				return err
			}
			return renderSite(ctx, renderOptions{files: files, dir: defaultOut, render: rf, compute: &computeFlags{budget: sim.DefaultBudget()}, site: siteChoice{settings, true, ""}}, stderr)
		}
	},
}

var renderCommand = &Command{
	Name:      "render",
	UsageLine: "partlab render [-o DIR] [--key DIR] [--strict] [--pdf] [--site FILE] [--clean] [--roster FILE] [--id-column NAME] [--teacher DIR] [--reveal [--answers DIR]] [--secret-file FILE] [render flags] [compute flags] [FILE…]",
	Short:     "add the scenario files' pages (default scenarios/*.yaml) to DIR's site (out)",
	Long: `Render computes every scenario file, then writes its page, results.json,
results.csv and figures.csv into DIR's site, with the index, navigation and search of the whole
site, through a temporary folder renamed into place: a bad scenario writes
nothing. It writes one line per page on stderr.

The pages are the student's edition: answers behind "Show the answer", printed
as space to write in, and no expectations. --key also writes the teacher's answer
key of every page (every answer open, each prediction's figure filled in, the
expectations listed) into DIR, a site of its own that must lie outside the
published one.

--strict writes nothing if an expectation of a scenario misses, and lists every
miss. --pdf also prints each page to NAME/NAME.pdf with the headless Chromium on
PATH, the key's pages too. --site reads the site settings from FILE instead of site.yaml. --clean
removes the pages of DIR's site whose scenario file is gone (only what partlab
wrote).

--roster renders every student's variant of each file instead of its page:
the values its variants: say vary, chosen from the course's secret
(--secret-file, else $PARTLAB_SECRET), the student's id and the scenario's
name. Each variant is published at TOKEN/index.html, an opaque token, in
assessment mode (inputs, no answers, a "Download my answers" button), and is
listed nowhere. --teacher DIR, outside the site, gets students.csv (student,
token, URL, values) and each variant's answer key at TOKEN/index.html; without
it only the site is written, as in CI. The budget covers the whole roster.

--reveal, after the deadline, publishes each student's whole page instead,
under the same token: nothing withheld, every answer open. --answers DIR
(the answers files students downloaded) shows on each page its student's
answers beside their figures, hit or miss; a file that cannot be matched to
a page stops the render before anything is written.`,
	Examples: []Example{
		{"partlab render", "render every scenarios/*.yaml into out/"},
		{"partlab render -o site --key key --strict scenarios/partitions.yaml", "one page into site/, its answer key into key/, nothing written if an expectation misses"},
		{"partlab render --roster roster.csv --secret-file secret.txt --teacher teacher -o site assess/day-24.yaml", "every student's variant of a scenario with variants:, the tokens and keys into teacher/"},
		{"partlab render --roster roster.csv --secret-file secret.txt --reveal -o site assess/day-24.yaml", "after the deadline, every student's whole page, every answer open (--answers DIR adds theirs)"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		out := fs.String("o", defaultOut, "write the site into `DIR`")
		key := fs.String("key", "", "also write the teacher's answer key of every page into `DIR`, outside the site")
		rf := addRenderFlags(fs)
		strictly := fs.Bool("strict", false, "fail, writing nothing, when an expectation of a scenario does not hold")
		pdf := fs.Bool("pdf", false, "also print each page to NAME/NAME.pdf with the headless Chromium on PATH")
		site := siteFlag(fs)
		clean := fs.Bool("clean", false, "remove the pages of DIR's site whose scenario file is gone (only what partlab wrote)")
		rosterFlags := addRosterFlags(fs)
		teacher := fs.String("teacher", "", "with --roster, write students.csv and the answer keys into `DIR`, outside the site")
		reveal := fs.Bool("reveal", false, "with --roster, publish each student's whole page, answers open, after the deadline")
		answers := fs.String("answers", "", "with --reveal, show on each page the answers of its student's file in `DIR`")
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			args, err := scenarioFiles(args)
			switch {
			case err != nil:
				return err
			case *out == "":
				return usageError{error: errors.New("-o needs a directory (got an empty name)")}
			}
			if *key != "" {
				if err := apart(*key, *out, "--key %[1]s and -o %[2]s overlap: the answer key is a site of its own, outside the students' one"); err != nil {
					return err
				}
			}
			if err := rf.check(); err != nil {
				return err
			}
			switch {
			case rosterFlags.roster == "" && (*teacher != "" || rosterFlags.secretFile != "" || rosterFlags.idColumn != "" || *reveal):
				return usageError{error: errors.New("--teacher, --reveal, --id-column and --secret-file go with --roster")}
			case *answers != "" && !*reveal:
				return usageError{error: errors.New("--answers goes with --reveal: a page before the deadline shows no answers")}
			case rosterFlags.roster != "" && *key != "":
				return usageError{error: errors.New("--roster writes each student's answer key into --teacher DIR; --key goes without it")}
			case rosterFlags.roster != "" && *pdf:
				return usageError{error: errors.New("--roster and --pdf exclude each other: variants are printed from the browser")}
			}
			var chromium string
			if *pdf {
				// Before anything is computed: without a browser nothing is written.
				if chromium, err = reportsite.FindChromium(); err != nil {
					return err
				}
			}
			settings, err := loadSite(*site, args)
			if err != nil {
				return err
			}
			o := renderOptions{files: args, dir: *out, render: rf, compute: flags, site: siteChoice{settings, *clean, *key}, strictly: *strictly, chromium: chromium}
			if rosterFlags.roster != "" {
				o.roster, o.teacher, o.reveal, o.answers = rosterFlags, *teacher, *reveal, *answers
				return renderRoster(ctx, o, stderr)
			}
			return renderSite(ctx, o, stderr)
		}
	},
}

// apart refuses the folders dir and site when one is the other or lies in
// it, their links resolved (contain.Overlap): what goes into dir would be
// published with the site. The refusal is format with dir, site and their
// resolved paths.
func apart(dir, site, format string) error {
	over, err := contain.Overlap(dir, site)
	if err != nil {
		return err
	}
	if !over {
		return nil
	}
	realDir, _ := contain.Resolve(dir)
	realSite, _ := contain.Resolve(site)
	return usageError{error: fmt.Errorf(format, dir, site, realDir, realSite)}
}

// renderOptions are what a render is asked for: the scenario files, the
// site's folder (-o), the render and compute flags, the site beyond its
// pages, and whether a missed expectation stops it (--strict); then either
// the Chromium that prints each page to PDF ("" for none), or for a roster
// its flags, the teacher's folder (--teacher, "" for none), whether the
// pages are revealed (--reveal) and the folder of the answers files they
// show (--answers, "" for none).
type renderOptions struct {
	files    []string
	dir      string
	render   *renderFlags
	compute  *computeFlags
	site     siteChoice
	strictly bool
	chromium string
	roster   *rosterFlags
	teacher  string
	reveal   bool
	answers  string
}

// siteChoice is what a render knows of the site beyond its pages: its
// settings (site.yaml), whether pages whose scenario is gone go too, and
// where the teacher's answer key goes ("" for nowhere).
type siteChoice struct {
	settings *scenarios.Site
	clean    bool
	key      string
}

// defaultFolder is the glob of the scenario files partlab and partlab
// serve take when given none.
var defaultFolder = filepath.Join("scenarios", "*.yaml")

// scenarioFiles are the files a command that reads scenarios takes: args,
// or every scenarios/*.yaml of the working folder when args names none, as
// partlab alone and serve take them.
func scenarioFiles(args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	return defaultScenarios()
}

// defaultScenarios are the files partlab and partlab serve take when given
// none.
func defaultScenarios() ([]string, error) {
	files, err := filepath.Glob(defaultFolder)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, errors.New("no scenarios/*.yaml here: run partlab in the project's root, or name the scenario files")
	}
	return files, nil
}

// renderSite computes every scenario, then writes the site into o.dir,
// with each page printed to PDF by the Chromium at o.chromium if set; a
// bad scenario, or with o.strictly a missed expectation, stops it before
// anything is written. A scenario with variants has no page in the site
// unless it asks for one (published); the answer key has every page.
func renderSite(ctx context.Context, o renderOptions, stderr io.Writer) error {
	notebooks, err := computeAll(ctx, o.files, o, stderr)
	if err != nil {
		return err
	}
	site, err := o.siteOf(notebooks, stderr)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if o.site.key != "" {
		key := site
		key.Edition, key.Notebooks, key.Withdrawn = report.Teacher, notebooks, nil
		if err := writeSite(ctx, key, o.site.key, o.chromium, stderr); err != nil {
			return fmt.Errorf("the answer key: %w", err)
		}
	}
	return writeSite(ctx, site, o.dir, o.chromium, stderr)
}

// withdraw says on stderr that the page of file, a scenario with variants,
// is not published, and returns file.
func withdraw(file string, stderr io.Writer) string {
	fmt.Fprintf(stderr, "%s: its own page is not published: a scenario with variants has only its students' pages (render --roster), unless it says variants: {public_page: true}\n", file)
	return file
}

// computeAll computes every file, and with o.strictly refuses a missed
// expectation.
func computeAll(ctx context.Context, files []string, o renderOptions, stderr io.Writer) ([]report.Notebook, error) {
	var (
		notebooks []report.Notebook
		errs      []error
	)
	for _, f := range files {
		nb, err := compute(ctx, f, o.compute, stderr)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		notebooks = append(notebooks, nb)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if o.strictly {
		if err := strict(notebooks); err != nil {
			return nil, err
		}
	}
	return notebooks, nil
}

// published are the notebooks whose pages a site publishes, and the files
// of those it withholds: a scenario with variants prints every figure its
// variants grade, so its own page is published only when it asks for one
// siteOf is the site the render flags and site.yaml's settings describe,
// with the notebooks that are published and the pages withdrawn.
func (o renderOptions) siteOf(notebooks []report.Notebook, stderr io.Writer) (reportsite.Site, error) {
	site, err := o.render.site()
	if err != nil {
		return site, err
	}
	site.Settings, site.Clean = o.site.settings, o.site.clean
	site.Notebooks, site.Withdrawn = published(notebooks, stderr)
	return site, nil
}

// (variants: {public_page: true}); each withheld one is named on stderr.
func published(notebooks []report.Notebook, stderr io.Writer) (public []report.Notebook, withdrawn []string) {
	for _, nb := range notebooks {
		if v := nb.Scenario.Variants; len(v.Vary) > 0 && !v.PublicPage {
			withdrawn = append(withdrawn, withdraw(nb.Scenario.File, stderr))
			continue
		}
		public = append(public, nb)
	}
	return public, withdrawn
}

// writeSite publishes site into dir, each page printed to PDF by the
// Chromium at chromium if set.
func writeSite(ctx context.Context, site reportsite.Site, dir, chromium string, stderr io.Writer) error {
	defer onInterrupt(ctx, removeNewTemps(dir))()
	if chromium != "" {
		return site.WritePrinted(ctx, dir, chromium, stderr)
	}
	return site.Write(dir, stderr)
}
