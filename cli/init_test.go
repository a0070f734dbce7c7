package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/report/junit"
	"github.com/partlab/partlab/scaffold"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/templates"
)

// initFiles are the files partlab init writes, as this test binary's init
// writes them.
func initFiles(t *testing.T) map[string][]byte {
	t.Helper()
	info, _ := debug.ReadBuildInfo()
	target, _ := installTarget(info)
	files, err := course(target)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// tree lists every file under dir with its content, relative and slashed.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestInit writes the scaffold, byte for byte, into a new folder or an empty
// one, and refuses a folder that holds any of its files: it lists them,
// exits 1 and writes nothing.
func TestInit(t *testing.T) {
	want := map[string]string{}
	for n, b := range initFiles(t) {
		want[n] = string(b)
	}
	withForeign := func(extra map[string]string) map[string]string {
		m := map[string]string{"notes.txt": "mine"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name   string
		before map[string]string // files in DIR before init; nil: DIR does not exist
		refuse []string          // the files init must name, or none when it succeeds
	}{
		{"new folder", nil, nil},
		{"empty folder", map[string]string{}, nil},
		{"folder of other files", withForeign(nil), nil},
		{"one file of the scaffold", withForeign(map[string]string{"README.md": "my course"}), []string{"README.md"}},
		{"two, one deep", map[string]string{"site.yaml": "x", ".github/workflows/publish.yml": "y"},
			[]string{".github/workflows/publish.yml", "site.yaml"}},
		{"the whole scaffold", want, slices.Sorted(maps.Keys(want))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "course")
			if tt.before != nil {
				os.Mkdir(dir, 0o755)
				for n, content := range tt.before {
					p := filepath.Join(dir, filepath.FromSlash(n))
					os.MkdirAll(filepath.Dir(p), 0o755)
					os.WriteFile(p, []byte(content), 0o644)
				}
			}
			var stdout, stderr bytes.Buffer
			err := Run(context.Background(), []string{"init", dir}, &stdout, &stderr)
			if tt.refuse != nil {
				if err == nil || exitCode(err) != 1 {
					t.Fatalf("err = %v (exit %d), want a refusal with exit 1", err, exitCode(err))
				}
				for _, n := range tt.refuse {
					if !strings.Contains(err.Error(), n) {
						t.Errorf("the refusal does not name %s: %v", n, err)
					}
				}
				if got := tree(t, dir); !maps.Equal(got, tt.before) {
					t.Errorf("a refused init changed the folder: %v", slices.Sorted(maps.Keys(got)))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := tree(t, dir)
			for n, content := range want {
				if got[n] != content {
					t.Errorf("%s differs from what init writes", n)
				}
				if !strings.Contains(stdout.String(), "  "+n+"\n") {
					t.Errorf("stdout does not list %s:\n%s", n, stdout.String())
				}
			}
			for n, content := range tt.before {
				if got[n] != content {
					t.Errorf("init changed %s", n)
				}
			}
		})
	}
	for _, args := range [][]string{{"init"}, {"init", "a", "b"}} {
		if err := Run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{}); exitCode(err) != 2 {
			t.Errorf("%q: err = %v, want a usage error", args, err)
		}
	}
}

// initCourse runs partlab init into a new folder.
func initCourse(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "course")
	if err := Run(context.Background(), []string{"init", dir}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// In the scaffold, with nothing installed, partlab renders the site, and
// the starter scenario validates and checks.
func TestScaffoldRenders(t *testing.T) {
	dir := initCourse(t)
	t.Chdir(dir)
	for _, args := range [][]string{nil, {"validate", "scenarios/partitions.yaml"}, {"check", "scenarios/partitions.yaml"}} {
		if _, stderr, err := partlab(t, args...); err != nil {
			t.Fatalf("partlab %q: %v\n%s", args, err, stderr)
		}
	}
	index, err := os.ReadFile("out/index.html")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile("out/partitions/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile("out/assets/echarts.min.js"); !bytes.Equal(got, templates.ECharts) {
		t.Error("out/assets/echarts.min.js is not the ECharts build partlab embeds")
	}
	for _, want := range []string{`href="partitions/`, "Partitions — how far a consumer group goes"} {
		if !bytes.Contains(index, []byte(want)) {
			t.Errorf("out/index.html lacks %q", want)
		}
	}
	for _, want := range []string{`src="../assets/echarts.min.js"`, "Scoreboard", "P1", "P2"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("out/partitions/index.html lacks %q", want)
		}
	}
	// The reader predicts before the tables that answer: each prediction's
	// input stands above the first table.
	for _, name := range []string{"P1", "P2"} {
		input := bytes.Index(page, []byte(`data-prediction="`+name+`"`))
		if table := bytes.Index(page, []byte("<table")); input < 0 || input > table {
			t.Errorf("the input of %s is at %d, not before the first table at %d", name, input, table)
		}
	}
	// No id a student reads is one partlab made up (grid1, predictions6).
	var kinds []string
	for _, k := range scenarios.Kinds() {
		kinds = append(kinds, regexp.QuoteMeta(string(k)))
	}
	if auto := regexp.MustCompile(`\b(`+strings.Join(kinds, "|")+`)[0-9]+\b`).FindAll(page, -1); len(auto) > 0 {
		t.Errorf("out/partitions/index.html shows automatic ids: %q", auto)
	}
}

// workflow is what the test reads of a GitHub Actions workflow.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]job    `yaml:"jobs"`
}

type job struct {
	If          string            `yaml:"if"`
	Needs       string            `yaml:"needs"`
	Permissions map[string]string `yaml:"permissions"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress *bool  `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Environment struct {
		Name string `yaml:"name"`
		URL  string `yaml:"url"`
	} `yaml:"environment"`
	Steps []step `yaml:"steps"`
}

type step struct {
	Name string            `yaml:"name"`
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// installStep is the id of the workflow's steps that install partlab.
const installStep = "install-partlab"

// readWorkflow reads the workflow that init wrote into dir.
func readWorkflow(t *testing.T, dir string) (workflow, []byte) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(dir, scaffold.WorkflowFile))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(text, &w); err != nil {
		t.Fatal(err)
	}
	return w, text
}

// The workflow installs this partlab with go install and nothing else of
// partlab's; a pull request is checked by a job of its own; only a push to
// the default branch deploys, with the official Pages actions; every job
// has the least permissions it needs, and no job sets up Node.
func TestPublishWorkflowShape(t *testing.T) {
	if n := strings.Count(string(mustRead(t, scaffold.Files(), scaffold.WorkflowFile)), scaffold.InstallMark); n != 2 {
		t.Errorf("the scaffold's workflow has %d install marks, want one per job that installs", n)
	}
	dir := initCourse(t)
	w, text := readWorkflow(t, dir)
	info, _ := debug.ReadBuildInfo()
	target, _ := installTarget(info)
	uses := func(steps []step) (u []string) {
		for _, s := range steps {
			if s.Uses != "" {
				u = append(u, s.Uses)
			}
		}
		return u
	}
	installs := func(j job) bool {
		for _, s := range j.Steps {
			if s.ID == installStep {
				return s.Run == "go install "+target
			}
		}
		return false
	}
	runs := func(j job) string {
		var b strings.Builder
		for _, s := range j.Steps {
			b.WriteString(s.Run + "\n")
		}
		return b.String()
	}
	check, build, deploy := w.Jobs["check"], w.Jobs["build"], w.Jobs["deploy"]
	checks := []struct {
		what string
		ok   bool
	}{
		{"runs on pull requests and pushes", w.On["pull_request"] != nil || slices.Contains(slices.Collect(maps.Keys(w.On)), "pull_request")},
		{"no permission but what a job asks for", len(w.Permissions) == 0 && strings.Contains(string(text), "\npermissions: {}\n")},
		{"no placeholder left, no checkout of partlab's source", !strings.Contains(string(text), scaffold.InstallMark) && !strings.Contains(string(text), "repository:")},
		{"check runs on pull requests only, reading", check.If == "github.event_name == 'pull_request'" && maps.Equal(check.Permissions, map[string]string{"contents": "read"})},
		{"check installs this partlab", installs(check)},
		{"check validates, checks with JUnit, renders strictly and diffs into the summary", strings.Contains(runs(check), "partlab validate scenarios/*.yaml") &&
			strings.Contains(runs(check), "partlab check --junit ") && strings.Contains(runs(check), "partlab render --strict -o out") &&
			strings.Contains(runs(check), `partlab diff --format markdown "$RUNNER_TEMP/base-out" out >> "$GITHUB_STEP_SUMMARY"`)},
		{"check's actions", slices.Equal(uses(check.Steps), []string{"actions/checkout@v7", "actions/setup-go@v7", "actions/upload-artifact@v7"})},
		{"build runs on the default branch's pushes and manual runs, reading, and installs this partlab", build.If == "github.event_name == 'workflow_dispatch' || github.ref == format('refs/heads/{0}', github.event.repository.default_branch)" && maps.Equal(build.Permissions, map[string]string{"contents": "read"}) && installs(build)},
		{"build's actions", slices.Equal(uses(build.Steps), []string{"actions/checkout@v7", "actions/setup-go@v7", "actions/upload-pages-artifact@v5"})},
		{"the artifact is out/", build.Steps[len(build.Steps)-1].With["path"] == "out"},
		{"deploy needs build, from the default branch only", deploy.Needs == "build" && deploy.If == "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)"},
		{"deploy may write Pages with an OIDC token", maps.Equal(deploy.Permissions, map[string]string{"pages": "write", "id-token": "write"})},
		{"one deployment at a time, never cancelled", deploy.Concurrency.Group == "pages" && deploy.Concurrency.CancelInProgress != nil && !*deploy.Concurrency.CancelInProgress},
		{"deploy is to github-pages, with its URL", deploy.Environment.Name == "github-pages" && strings.Contains(deploy.Environment.URL, "steps.deployment.outputs.page_url")},
		{"deploy uses deploy-pages", slices.Equal(uses(deploy.Steps), []string{"actions/deploy-pages@v5"}) && deploy.Steps[0].ID == "deployment"},
		{"no job sets up or runs Node", !strings.Contains(string(text), "setup-node") && !strings.Contains(string(text), "npm") && !strings.Contains(string(text), "node_modules")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("publish.yml: %s: no", c.what)
		}
	}
}

func mustRead(t *testing.T, fsys fs.FS, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// actionlint, through its Go API, finds nothing in the workflow init
// writes: no unknown key or input, no wrong expression, no action too old
// to run.
func TestPublishWorkflowLints(t *testing.T) {
	dir := initCourse(t)
	var out bytes.Buffer
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{Color: actionlint.ColorOptionKindNever, Oneline: true})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, scaffold.WorkflowFile)
	errs, err := l.LintFile(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("actionlint: %s:%d:%d: %s [%s]", scaffold.WorkflowFile, e.Line, e.Column, e.Message, e.Kind)
	}
}

// runner runs a workflow's jobs' shell steps with bash, as a runner would:
// each step's lines run with bash -e, in the workspace, with the step's
// env, and a folder a step appends to $GITHUB_PATH is on the PATH of the
// steps after it. What it cannot do offline it replaces, and says so:
//   - the uses: steps (checkout, setup-go, the Pages and artifact actions)
//     are skipped: the workspace is the checkout, and Go is this machine's;
//   - the install step is replaced by copying this test's own binary, which
//     runs partlab's main (PARTLAB_TEST_MAIN=1, see TestMain), where go
//     install would put partlab;
//   - the ${{ }} expressions of a step's env are the event's, given.
type runner struct {
	t         *testing.T
	workspace string
	temp      string // $RUNNER_TEMP
	path      string // $GITHUB_PATH
	summary   string // $GITHUB_STEP_SUMMARY
	event     map[string]string
}

func newRunner(t *testing.T, workspace string, event map[string]string) *runner {
	r := &runner{t: t, workspace: workspace, temp: t.TempDir(), event: event}
	r.path, r.summary = filepath.Join(r.temp, "github_path"), filepath.Join(r.temp, "step_summary")
	os.WriteFile(r.path, nil, 0o644)
	os.WriteFile(r.summary, nil, 0o644)
	return r
}

// run runs a job's shell steps, fails the test on the first that fails,
// and returns how many it ran and how many installed partlab.
func (r *runner) run(name string, j job) (ran, installed int) {
	t := r.t
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range j.Steps {
		if s.Run == "" {
			continue
		}
		script := s.Run
		switch {
		case s.ID == installStep:
			script, installed = `mkdir -p "$RUNNER_TEMP/bin" && cp "$PARTLAB_TEST_BINARY" "$RUNNER_TEMP/bin/partlab" && echo "$RUNNER_TEMP/bin" >> "$GITHUB_PATH"`, installed+1
			t.Logf("%s step %d %q: %q replaced by copying the test binary", name, i, s.Name, s.Run)
		}
		path := os.Getenv("PATH")
		added, _ := os.ReadFile(r.path)
		for _, p := range strings.Fields(string(added)) {
			path = p + string(os.PathListSeparator) + path
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = r.workspace
		cmd.Env = append(os.Environ(),
			"PATH="+path, "RUNNER_TEMP="+r.temp, "GITHUB_PATH="+r.path, "GITHUB_WORKSPACE="+r.workspace, "GITHUB_STEP_SUMMARY="+r.summary,
			"PARTLAB_TEST_MAIN=1", "PARTLAB_TEST_BINARY="+self)
		for k, v := range s.Env {
			expr, opened := strings.CutPrefix(v, "${{ ")
			expr, closed := strings.CutSuffix(expr, " }}")
			if opened && closed {
				value, ok := r.event[expr]
				if !ok {
					t.Fatalf("%s step %d %q: env %s = %s, an expression the test does not know", name, i, s.Name, k, s.Env[k])
				}
				v = value
			}
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s step %d %q failed: %v\n%s\n%s", name, i, s.Name, err, script, out)
		}
		ran++
	}
	return ran, installed
}

// TestPublishWorkflowRuns runs the build job's shell steps in a fresh
// scaffold, as written but for what runner replaces: out/ holds the site,
// drawn with the ECharts partlab embeds. Without the roster and secret in
// the repository's secrets, the variant pages are skipped, and the job
// summary says so.
func TestPublishWorkflowRuns(t *testing.T) {
	testtool.Slow(t, "runs the workflow's steps in a shell, partlab as a process")
	dir := initCourse(t)
	w, _ := readWorkflow(t, dir)
	r := newRunner(t, dir, map[string]string{"secrets.PARTLAB_ROSTER": "", "secrets.PARTLAB_SECRET": ""})
	ran, installed := r.run("build", w.Jobs["build"])
	if installed != 1 || ran != 5 {
		t.Fatalf("ran %d steps and %d installs; want one install, then validate, check, render and the variant pages", ran, installed)
	}
	for _, f := range []string{"index.html", "partitions/index.html", "partitions/results.json", "partitions/results.csv", "partitions/figures.csv"} {
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Errorf("after the workflow's steps: %v", err)
		}
	}
	if got, err := os.ReadFile(filepath.Join(dir, "out", "assets", "echarts.min.js")); err != nil || !bytes.Equal(got, templates.ECharts) {
		t.Errorf("out/assets/echarts.min.js is not the ECharts build partlab embeds (%v)", err)
	}
	if summary, _ := os.ReadFile(r.summary); !strings.Contains(string(summary), "Variant pages not rendered: set the repository secrets PARTLAB_ROSTER and PARTLAB_SECRET") {
		t.Errorf("the job summary does not say the variant pages were skipped:\n%s", summary)
	}
}

// TestPublishWorkflowVariants runs the build job of a course with a
// scenario with variants, with and without the roster and secret in the
// repository's secrets: with them, out/ holds every student's page and the
// other pages as usual; without them, neither; never the scenario's own
// page, the roster, or a teacher's folder.
func TestPublishWorkflowVariants(t *testing.T) {
	tests := []struct {
		name           string
		roster, secret string
		pages          int
		summary        string
	}{
		{"with the secrets", "id,name,email\ns1,Ada Lovelace,ada@school.example\ns2,Grace Hopper,grace@school.example\n", secretA, 2, "Variant pages rendered"},
		{"no secret", "id\ns1\n", "", 0, "Variant pages not rendered"},
		{"no roster", "", secretA, 0, "Variant pages not rendered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := initCourse(t)
			quiz, err := os.ReadFile(variantsYAML)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "scenarios", "day-24.yaml"), quiz, 0o644)
			site, _ := os.ReadFile(filepath.Join(dir, "site.yaml"))
			os.WriteFile(filepath.Join(dir, "site.yaml"), bytes.Replace(site, []byte("order: [partitions]"), []byte("order: [partitions, day-24]"), 1), 0o644)
			w, _ := readWorkflow(t, dir)
			r := newRunner(t, dir, map[string]string{"secrets.PARTLAB_ROSTER": tt.roster, "secrets.PARTLAB_SECRET": tt.secret})
			r.run("build", w.Jobs["build"])
			out := filepath.Join(dir, "out")
			var tokens []string
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				if regexp.MustCompile(`^[a-z2-7]{26}$`).MatchString(e.Name()) {
					tokens = append(tokens, e.Name())
				}
			}
			if len(tokens) != tt.pages {
				t.Errorf("out/ holds %d variant pages, want %d", len(tokens), tt.pages)
			}
			for _, f := range []string{"partitions/index.html"} {
				if _, err := os.Stat(filepath.Join(out, f)); err != nil {
					t.Errorf("a page without variants is not published: %v", err)
				}
			}
			if _, err := os.Stat(filepath.Join(out, "day-24")); !os.IsNotExist(err) {
				t.Errorf("the scenario with variants has its own page in out/ (%v)", err)
			}
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && (d.Name() == studentsFile || d.Name() == "roster.csv") {
					t.Errorf("the job left %s", p)
				}
				if err == nil && !d.IsDir() && strings.HasPrefix(p, out) {
					if data, _ := os.ReadFile(p); bytes.Contains(data, []byte("Lovelace")) || bytes.Contains(data, []byte("ada@school")) {
						t.Errorf("%s names a student", p)
					}
				}
				return nil
			})
			if summary, _ := os.ReadFile(r.summary); !strings.Contains(string(summary), tt.summary) {
				t.Errorf("the job summary lacks %q:\n%s", tt.summary, summary)
			}
		})
	}
}

// TestPullRequestWorkflowRuns runs the check job's shell steps on a pull
// request, as TestPublishWorkflowRuns runs the build job's: a course
// repository whose main is the scaffold as init wrote it, pushed to an
// origin, and a branch that changes a figure. Every step passes, the JUnit
// report is written, and the job summary is diff's table of the change.
func TestPullRequestWorkflowRuns(t *testing.T) {
	testtool.Slow(t, "runs the workflow's steps in a shell, partlab as a process")
	_, err := exec.LookPath("git")
	testtool.Need(t, "the pull request is a git branch", err)
	dir := initCourse(t)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	origin := filepath.Join(t.TempDir(), "origin.git")
	git("init", "--quiet", "--initial-branch=main")
	git("add", ".")
	git("commit", "--quiet", "-m", "partlab init")
	git("init", "--quiet", "--bare", origin)
	git("remote", "add", "origin", origin)
	git("push", "--quiet", "origin", "main")
	git("switch", "--quiet", "-c", "more-records")
	scenario := filepath.Join(dir, "scenarios", "partitions.yaml")
	text, _ := os.ReadFile(scenario)
	os.WriteFile(scenario, bytes.Replace(text, []byte("records: 100"), []byte("records: 120"), 1), 0o644)
	git("commit", "--quiet", "-am", "more records")

	w, _ := readWorkflow(t, dir)
	r := newRunner(t, dir, map[string]string{"github.base_ref": "main"})
	ran, installed := r.run("check", w.Jobs["check"])
	if installed != 1 || ran != 6 {
		t.Fatalf("ran %d steps and %d installs; want one install, then validate, check, render, the base's render and the diff", ran, installed)
	}
	var suites junit.Suites
	if data, err := os.ReadFile(filepath.Join(r.temp, "junit.xml")); err != nil || xml.Unmarshal(data, &suites) != nil || suites.Tests == 0 || suites.Failures+suites.Errors != 0 {
		t.Errorf("the JUnit suites: %+v (%v)", suites, err)
	}
	summary, _ := os.ReadFile(r.summary)
	if !strings.Contains(string(summary), "partitions") || !strings.Contains(string(summary), "|") {
		t.Errorf("the job summary is not diff's table of the change:\n%s", summary)
	}
	t.Logf("the job summary:\n%s", summary)
}

// The scaffold's site.yaml holds the site settings partlab reads, strictly,
// with no placeholder link: home is commented out until the author sets it.
// Its order names every starter scenario and no other.
func TestScaffoldSiteSettings(t *testing.T) {
	text := mustRead(t, scaffold.Files(), "site.yaml")
	site, err := scenarios.ParseSite(bytes.NewReader(text), "site.yaml")
	if err != nil {
		t.Fatalf("site.yaml: %v", err)
	}
	if site.Title == "" || site.Intro == "" || site.Home.URL != "" || !strings.Contains(string(text), "\n# home: {text: ") {
		t.Errorf("site.yaml: want a title, an intro and home commented out: %+v", site)
	}
	// base_url, which the sitemap and canonical links need, is there to
	// uncomment, with what it is for.
	if site.BaseURL != "" || !strings.Contains(string(text), "\n# base_url: https://") ||
		!strings.Contains(string(text), "sitemap") || !strings.Contains(string(text), "canonical") {
		t.Errorf("site.yaml: want base_url commented out, saying it is for the sitemap and canonical links:\n%s", text)
	}
	names, err := fs.Glob(scaffold.Files(), "scenarios/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range names {
		names[i] = strings.TrimSuffix(path.Base(s), ".yaml")
	}
	if !slices.Equal(slices.Sorted(slices.Values(site.Order)), names) {
		t.Errorf("site.yaml's order is %q, want the scenarios %q", site.Order, names)
	}
}

// Every YAML file init writes names its schema in a modeline and in
// .vscode/settings.json, and the schemas init writes beside them accept them.
func TestScaffoldSchemas(t *testing.T) {
	dir := initCourse(t)
	var settings struct {
		Schemas map[string]string `json:"yaml.schemas"`
	}
	if err := json.Unmarshal(mustRead(t, os.DirFS(dir), ".vscode/settings.json"), &settings); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, modeline, schema, glob string }{
		{"scenarios/partitions.yaml", "../" + scaffold.SchemaFile, scaffold.SchemaFile, "scenarios/*.yaml"},
		{"site.yaml", scaffold.SiteSchemaFile, scaffold.SiteSchemaFile, "site.yaml"},
	} {
		text := mustRead(t, os.DirFS(dir), tc.file)
		if first, _, _ := strings.Cut(string(text), "\n"); first != "# yaml-language-server: $schema="+tc.modeline {
			t.Errorf("%s begins %q, want its modeline", tc.file, first)
		}
		if settings.Schemas["./"+tc.schema] != tc.glob {
			t.Errorf(".vscode/settings.json maps %s to %q, want %q", tc.schema, settings.Schemas["./"+tc.schema], tc.glob)
		}
		c := jsonschema.NewCompiler()
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(mustRead(t, os.DirFS(dir), tc.schema)))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(tc.schema, doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile(tc.schema)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := yaml.Unmarshal(text, &v); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s against %s: %v", tc.file, tc.schema, err)
		}
	}
}

// The starter gives nothing away: no prediction's example (you:) is its
// answer, and no Markdown above a predictions cell prints a figure that it
// asks for.
func TestStarterHasNoSpoilers(t *testing.T) {
	dir := initCourse(t)
	s, err := load.Scenario(filepath.Join(dir, "scenarios", "partitions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := sim.Run(t.Context(), s.Source, s.SimCells())
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for i, c := range s.Cells {
		p, ok := c.Sim.(sim.Predictions)
		if !ok {
			continue
		}
		for _, q := range p.Items {
			asked++
			actual, err := rs.Figure(q.Actual)
			if err != nil {
				t.Fatal(err)
			}
			if q.You != nil && *q.You == actual {
				t.Errorf("%s: you: %v is the answer", q.Name, *q.You)
			}
			for _, above := range s.Cells[:i] {
				if above.Kind == scenarios.Markdown && strings.Contains(above.Markdown, `"`+q.Actual+`"`) {
					t.Errorf("%s: the Markdown above its question prints %s", q.Name, q.Actual)
				}
			}
		}
	}
	if asked == 0 {
		t.Error("the starter asks nothing")
	}
}

// TestInitThroughNoLink: init writes only inside DIR. A link on the way
// to a file it writes, to a folder or to a file, or a file where it makes a
// folder, is refused in words, with exit 1, and nothing is written, inside
// DIR or where the link leads.
func TestInitThroughNoLink(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir, elsewhere string)
		want  string
	}{
		{"a linked folder", func(t *testing.T, dir, elsewhere string) {
			os.MkdirAll(filepath.Join(dir, ".github"), 0o755)
			os.Symlink(elsewhere, filepath.Join(dir, ".github", "workflows"))
		}, "/.github/workflows is a symbolic link: init writes only inside"},
		{"a linked file, dangling", func(t *testing.T, dir, elsewhere string) {
			os.Symlink(filepath.Join(elsewhere, "README.md"), filepath.Join(dir, "README.md"))
		}, "/README.md is a symbolic link: init writes only inside"},
		{"a file in the way of a folder", func(t *testing.T, dir, elsewhere string) {
			os.MkdirAll(filepath.Join(dir, ".github"), 0o755)
			os.WriteFile(filepath.Join(dir, ".github", "workflows"), []byte("mine"), 0o644)
		}, "/.github/workflows is a file where init makes a folder for .github/workflows/publish.yml: move it away"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, elsewhere := filepath.Join(t.TempDir(), "course"), t.TempDir()
			os.Mkdir(dir, 0o755)
			tt.setup(t, dir, elsewhere)
			before := entries(t, dir)
			err := Run(context.Background(), []string{"init", dir}, &bytes.Buffer{}, &bytes.Buffer{})
			if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), dir+tt.want) || !strings.Contains(err.Error(), "wrote nothing") {
				t.Fatalf("err = %v (exit %d), want exit 1 and %q", err, exitCode(err), tt.want)
			}
			if got := entries(t, dir); !slices.Equal(got, before) {
				t.Errorf("a refused init changed DIR: %v, was %v", got, before)
			}
			if got := entries(t, elsewhere); len(got) > 0 {
				t.Errorf("init wrote where the link leads: %v", got)
			}
		})
	}
}

// entries lists what dir holds, links unfollowed, with their kinds.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if p != dir {
			out = append(out, p+" "+d.Type().String())
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
