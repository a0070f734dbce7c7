package cli

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/internal/contain"
	"github.com/partlab/partlab/internal/readfile"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/gradebook"
	"github.com/partlab/partlab/report/publish"
	"github.com/partlab/partlab/sim"
)

var gradeCommand = &Command{
	Name:      "grade",
	UsageLine: "partlab grade --roster FILE [--id-column NAME] [--secret-file FILE] [-o FILE] [--canvas FILE] [--moodle FILE] [--feedback DIR] [--site FILE] [compute flags] SCENARIO ANSWERS…",
	Short:     "score the answers students downloaded from their variant pages",
	Long: `Grade scores the answers files that students downloaded from their variant
pages (render --roster); --roster is required. For every student of the roster it recomputes their
variant from the secret, their id and the scenario, as render did, so no
stored key is needed and a file cannot change its own figures; each answer
is a hit when it is within the prediction's tolerance of the figure, the
page's rule.

It writes the gradebook CSV to -o FILE (default standard output): a row per
student and prediction, then a total row per student, every row with the same
fields; a student without a file gets rows too. --canvas FILE and --moodle FILE
also write the gradebook wide, as Canvas's and Moodle's gradebook imports read
it: a row per student, the columns the LMS matches a student by, a column per
prediction (1 for a hit) and the total, headed by the scenario's title; a
student without a file has empty grades.

--feedback DIR also writes each student's feedback to DIR/TOKEN.txt: for each
prediction its question, their answer, their figure, hit or miss, and the
worked answer that names it (:::answer P3), with their own figures; and a
link to their revealed page (render --reveal) when site.yaml (or --site FILE)
has a base_url. DIR must lie outside every partlab site. An
answers file that is malformed, of another scenario, of no student's token,
or a second one for a token is reported on its own line and left out; the
rest are graded, and grade exits 1.`,
	Examples: []Example{
		{"partlab grade --roster roster.csv --secret-file secret.txt -o gradebook.csv assess/day-24.yaml answers/*.json", "score the answers files students downloaded into gradebook.csv"},
		{"partlab grade --roster roster.csv --secret-file secret.txt --feedback feedback assess/day-24.yaml answers/*.json", "the gradebook on stdout, each student's feedback in feedback/"},
		{"partlab grade --roster roster.csv --secret-file secret.txt -o gradebook.csv --canvas canvas.csv assess/day-24.yaml answers/*.json", "also a file for Canvas's gradebook import (the roster may be Canvas's own export)"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		rosterFlags := addRosterFlags(fs)
		out := fs.String("o", "", "write the gradebook to `FILE` (default standard output)")
		feedback := fs.String("feedback", "", "also write each student's feedback to `DIR`/TOKEN.txt")
		canvas := fs.String("canvas", "", "also write the gradebook as Canvas's gradebook import reads it to `FILE`")
		moodle := fs.String("moodle", "", "also write the gradebook as Moodle's gradebook import reads it to `FILE`")
		site := siteFlag(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			switch {
			case rosterFlags.roster == "":
				return usageError{error: errors.New("grade needs --roster FILE, the roster the variants were rendered for")}
			case len(args) < 2:
				return usageError{error: errors.New("grade takes the scenario file, then one or more answers files")}
			}
			if *feedback != "" {
				if err := outsideSites(*feedback); err != nil {
					return err
				}
			}
			settings, err := loadSite(*site, args[:1])
			if err != nil {
				return err
			}
			o := gradeOptions{file: args[0], answers: args[1:], out: *out, feedback: *feedback, compute: flags, roster: rosterFlags,
				wide: []wideBook{{gradebook.Canvas, *canvas}, {gradebook.Moodle, *moodle}}}
			if settings != nil {
				o.base = settings.BaseURL
			}
			return grade(ctx, o, stdout, stderr)
		}
	},
}

// A wideBook is a wide gradebook to write: its LMS and its file ("" for
// none).
type wideBook struct {
	lms  gradebook.LMS
	path string
}

// gradeOptions are what grade is asked for: the scenario file, the answers
// files, the gradebook's file (-o, "" for standard output), the wide
// gradebooks' files by LMS ("" for none), the feedback's folder
// (--feedback, "" for none), the site's base_url ("" for none), and the
// compute and roster flags.
type gradeOptions struct {
	file     string
	answers  []string
	out      string
	wide     []wideBook
	feedback string
	base     string
	compute  *computeFlags
	roster   *rosterFlags
}

// grade scores the answers files against every student's recomputed
// variant of the scenario file and writes the gradebook and feedback; the
// files it cannot grade are reported one by one after the gradebook is
// written.
func grade(ctx context.Context, o gradeOptions, stdout, stderr io.Writer) error {
	plans, err := computeVariants(ctx, []string{o.file}, o.compute, o.roster, stderr)
	if err != nil {
		return err
	}
	plan := plans[0]
	name := plan[0].nb.Scenario.Name
	book := make([]gradebook.Student, len(plan))
	byToken := map[string]int{}
	for i, v := range plan {
		worked, err := report.WorkedAnswers(ctx, v.nb)
		if err != nil {
			return fmt.Errorf("variant %s: %w", v.token, err)
		}
		book[i] = gradebook.Student{ID: v.student.ID, Name: v.student.Name, Email: v.student.Email, LMS: v.student.LMS, Token: v.token,
			Predictions: predictionsOf(v.nb.Results), Worked: worked}
		byToken[v.token] = i
	}
	handed, problems := handedIn(o.answers, o.file, plans, stderr)
	for token, f := range handed {
		i := byToken[token]
		book[i].Answers = f.AnswerFile
		if _, unknown := book[i].Marks(); len(unknown) > 0 {
			fmt.Fprintf(stderr, "%s: answers %q, which no prediction of %s names, are not scored\n", f.path, unknown, name)
		}
	}
	var csv bytes.Buffer
	if err := gradebook.Write(&csv, book); err != nil {
		return err
	}
	if o.out == "" {
		if _, err := csv.WriteTo(stdout); err != nil {
			return err
		}
	} else if err := writeFile(o.out, csv.Bytes()); err != nil {
		return err
	}
	title := cmp.Or(plan[0].nb.Scenario.Title, name)
	for _, w := range o.wide {
		if w.path == "" {
			continue
		}
		var b bytes.Buffer
		if err := gradebook.WriteWide(&b, w.lms, title, book); err != nil {
			return err
		}
		if err := writeFile(w.path, b.Bytes()); err != nil {
			return err
		}
	}
	if o.feedback != "" {
		var files []publish.File
		for _, st := range book {
			link := ""
			if o.base != "" {
				link = pageURL(o.base, st.Token)
			}
			text := gradebook.Feedback(st, title, link)
			files = append(files, publish.File{Path: st.Token + ".txt", Data: []byte(text)})
		}
		if err := (publish.Publisher{Progress: io.Discard}).Update(o.feedback, func(string) (publish.Build, error) { return publish.Build{Files: files}, nil }); err != nil {
			return fmt.Errorf("--feedback %s: %w", o.feedback, err)
		}
	}
	fmt.Fprintf(stderr, "grade: %s of %s graded, %s not\n", plural(len(handed), "answers file"), plural(len(plan), "student"), plural(len(problems), "file"))
	if len(problems) > 0 {
		return errors.Join(problems...)
	}
	return nil
}

// A handedFile is an answers file handed in, and its path.
type handedFile struct {
	*report.AnswerFile
	path string
}

// handedIn reads the answers files at paths and matches each to its
// variant among plans, the variants of the scenario files (named in
// errors by files), by its scenario and token: the files by token, and a
// problem for each file that is malformed, of no scenario of plans, of a
// token that is no student's, or a second one for a token, left out. A
// field the page does not write is named on stderr and ignored.
func handedIn(paths []string, files string, plans [][]variant, stderr io.Writer) (map[string]handedFile, []error) {
	tokens, names := map[string]string{}, map[string]bool{}
	for _, plan := range plans {
		for _, v := range plan {
			tokens[v.token] = v.nb.Scenario.Name
			names[v.nb.Scenario.Name] = true
		}
	}
	out := map[string]handedFile{}
	var problems []error
	for _, path := range paths {
		data, err := readfile.Read(path, "", gradebook.MaxFile)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		f, ignored, err := gradebook.Parse(data, path)
		scenario, known := tokens[f.Token]
		switch {
		case err != nil:
			problems = append(problems, err)
		case !names[f.Scenario]:
			var want []string
			for _, n := range slices.Sorted(maps.Keys(names)) {
				want = append(want, strconv.Quote(n))
			}
			problems = append(problems, fmt.Errorf("%s: the answers are for scenario %q, not %s's %s", path, f.Scenario, files, strings.Join(want, " or ")))
		case !known || scenario != f.Scenario:
			problems = append(problems, fmt.Errorf("%s: token %q is no student's page of %s with this roster and secret", path, f.Token, f.Scenario))
		case out[f.Token].path != "":
			problems = append(problems, fmt.Errorf("%s: a second answers file for token %s (the first is %s); only the first is taken", path, f.Token, out[f.Token].path))
		default:
			out[f.Token] = handedFile{&f, path}
			if len(ignored) > 0 {
				fmt.Fprintf(stderr, "%s: fields %q are ignored: the figures are recomputed from the variant\n", path, ignored)
			}
		}
	}
	return out, problems
}

// outsideSites refuses a feedback folder that is a partlab site or lies in
// one: a folder at or above it, links resolved (contain.Resolve), that
// holds a site's manifest. Each student's answers and figures would be
// published under their token.
func outsideSites(feedback string) error {
	real, err := contain.Resolve(feedback)
	if err != nil {
		return fmt.Errorf("--feedback %s: %w", feedback, err)
	}
	for d := real; ; d = filepath.Dir(d) {
		if publish.Exists(filepath.Join(d, publish.ManifestFile)) {
			return usageError{error: fmt.Errorf("--feedback %s is inside the site %s (it holds %s): each student's answers and figures would be published; choose a folder outside the site", feedback, d, publish.ManifestFile)}
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// predictionsOf are the predictions of every scoreboard of the results, in
// page order.
func predictionsOf(rs sim.Results) []sim.PredictionsScore {
	var out []sim.PredictionsScore
	for _, r := range rs.All {
		if p, ok := r.Result.(*sim.PredictionsResult); ok {
			out = append(out, p.Rows...)
		}
	}
	return out
}
