package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/scaffold"
	"github.com/partlab/partlab/templates"
)

// scaffoldNames are the files partlab init writes.
func scaffoldNames(t *testing.T) []string {
	t.Helper()
	var names []string
	err := fs.WalkDir(scaffold.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
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
	for _, n := range scaffoldNames(t) {
		b, _ := fs.ReadFile(scaffold.Files(), n)
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
		{"the whole scaffold", want, scaffoldNames(t)},
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
					t.Errorf("%s differs from the scaffold", n)
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

// npmManifest is what the pin test reads of package.json and
// package-lock.json.
type npmManifest struct {
	Dependencies map[string]string     `json:"dependencies"`
	Packages     map[string]npmPackage `json:"packages"`
}

type npmPackage struct {
	Version      string            `json:"version"`
	Integrity    string            `json:"integrity"`
	Dependencies map[string]string `json:"dependencies"`
	Dev          bool              `json:"dev"` // a tool of this repository's tests (axe-core), not the site's
}

func readManifest(t *testing.T, fsys fs.FS, name string) npmManifest {
	t.Helper()
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	var m npmManifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// The scaffold pins the ECharts this repository pins, and its lock is ours
// without our tests' tools: the same packages at the same versions and
// integrity hashes, so that the node_modules the tests link in is what npm ci
// would install there.
func TestScaffoldPinsOurECharts(t *testing.T) {
	repo, course := os.DirFS(root), scaffold.Files()
	ours, theirs := readManifest(t, repo, "package.json"), readManifest(t, course, "package.json")
	if ours.Dependencies["echarts"] == "" || !maps.Equal(ours.Dependencies, theirs.Dependencies) {
		t.Errorf("scaffold package.json dependencies %v, want this repository's %v", theirs.Dependencies, ours.Dependencies)
	}
	ourLock, theirLock := readManifest(t, repo, "package-lock.json"), readManifest(t, course, "package-lock.json")
	maps.DeleteFunc(ourLock.Packages, func(_ string, p npmPackage) bool { return p.Dev })
	if len(ourLock.Packages) != len(theirLock.Packages) {
		t.Errorf("scaffold lock has %d packages, ours %d", len(theirLock.Packages), len(ourLock.Packages))
	}
	for name, p := range ourLock.Packages {
		q, ok := theirLock.Packages[name]
		switch {
		case !ok:
			t.Errorf("scaffold lock lacks %q", name)
		case name == "":
			if !maps.Equal(p.Dependencies, q.Dependencies) {
				t.Errorf("scaffold lock's root dependencies %v, want %v", q.Dependencies, p.Dependencies)
			}
		case p.Version != q.Version || p.Integrity != q.Integrity || !maps.Equal(p.Dependencies, q.Dependencies):
			t.Errorf("scaffold lock's %s is %+v, want ours %+v", name, q, p)
		}
	}
}

// initCourse runs partlab init into a new folder and links this repository's
// node_modules into it: what npm install would put there, offline (see
// TestScaffoldPinsOurECharts for why it is the same).
func initCourse(t *testing.T) string {
	t.Helper()
	modules := filepath.Join(root, "node_modules")
	_, err := os.Stat(filepath.Join(modules, "echarts", "dist", "echarts.min.js"))
	testtool.Need(t, "the scaffold's render needs ECharts (run npm ci)", err)
	dir := filepath.Join(t.TempDir(), "course")
	if err := Run(context.Background(), []string{"init", dir}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// In the scaffold, npm install (here: linking node_modules in) and then
// partlab render the site, and the starter scenario validates and checks.
func TestScaffoldRenders(t *testing.T) {
	dir := initCourse(t)
	modules := filepath.Join(root, "node_modules")
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
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
}

// workflow is what the test reads of a GitHub Actions workflow.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress *bool  `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Jobs map[string]struct {
		Needs       string            `yaml:"needs"`
		Permissions map[string]string `yaml:"permissions"`
		Environment struct {
			Name string `yaml:"name"`
			URL  string `yaml:"url"`
		} `yaml:"environment"`
		Steps []step `yaml:"steps"`
	} `yaml:"jobs"`
}

type step struct {
	Name string            `yaml:"name"`
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
}

const (
	workflowFile = ".github/workflows/publish.yml"
	// buildStep is the id of the workflow's step that builds partlab.
	buildStep = "build-partlab"
	// sourceMark is the comment on the one place that names partlab's source.
	sourceMark = "# partlab's source: the one place that names it."
)

// The workflow builds partlab from the one marked source, and deploys with
// the official Pages actions, permissions and concurrency.
func TestPublishWorkflowShape(t *testing.T) {
	text, err := fs.ReadFile(scaffold.Files(), workflowFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	marks := 0
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), sourceMark) {
			continue
		}
		marks++
		j := i + 1
		for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "#") {
			j++
		}
		if j == len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[j]), "repository: ") {
			t.Errorf("the mark at line %d is not on a checkout's repository", i+1)
		}
	}
	if marks != 1 || strings.Count(string(text), "repository:") != 1 {
		t.Errorf("%d marks and %d repository: keys, want one of each", marks, strings.Count(string(text), "repository:"))
	}
	var w workflow
	if err := yaml.Unmarshal(text, &w); err != nil {
		t.Fatal(err)
	}
	build, deploy := w.Jobs["build"], w.Jobs["deploy"]
	uses := func(steps []step) (u []string) {
		for _, s := range steps {
			if s.Uses != "" {
				u = append(u, strings.Split(s.Uses, "@")[0])
			}
		}
		return u
	}
	checks := []struct {
		what string
		ok   bool
	}{
		{"runs on pushes to main", w.On["push"] != nil},
		{"the workflow only reads", maps.Equal(w.Permissions, map[string]string{"contents": "read"})},
		{"one deployment at a time, never cancelled", w.Concurrency.Group == "pages" && w.Concurrency.CancelInProgress != nil && !*w.Concurrency.CancelInProgress},
		{"build checks out, sets up Go and Node, configures and uploads Pages", slices.Equal(uses(build.Steps), []string{
			"actions/checkout", "actions/checkout", "actions/setup-go", "actions/setup-node", "actions/configure-pages", "actions/upload-pages-artifact"})},
		{"the artifact is out/", build.Steps[len(build.Steps)-1].With["path"] == "out"},
		{"deploy needs build", deploy.Needs == "build"},
		{"deploy may write Pages with an OIDC token", maps.Equal(deploy.Permissions, map[string]string{"pages": "write", "id-token": "write"})},
		{"deploy is to github-pages, with its URL", deploy.Environment.Name == "github-pages" && strings.Contains(deploy.Environment.URL, "steps.deployment.outputs.page_url")},
		{"deploy uses deploy-pages", slices.Equal(uses(deploy.Steps), []string{"actions/deploy-pages"}) && deploy.Steps[0].ID == "deployment"},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("publish.yml: %s: no", c.what)
		}
	}
}

// TestPublishWorkflowRuns runs the build job's shell steps, in order, with
// bash in a fresh scaffold, as a runner would: each step's lines run with
// bash -e, and a folder a step appends to $GITHUB_PATH is on the PATH of the
// steps after it. What the test cannot do offline it replaces, and says so:
//   - the uses: steps (checkouts, setup-go, setup-node, Pages) are skipped:
//     the scaffold is the checkout, and Go and Node are this machine's;
//   - the build step is replaced by copying this test's own binary, which
//     runs partlab's main (PARTLAB_TEST_MAIN=1, see TestMain), where the
//     build would put partlab;
//   - npm ci is replaced by linking this repository's node_modules, which
//     holds what the scaffold's lock pins (TestScaffoldPinsOurECharts),
//     except in CI (CI=true), which has the network .ci/run's own npm ci
//     needs: there npm ci runs as written, from the scaffold's lock.
//
// Every other step runs as written and must succeed; out/ must hold the site.
func TestPublishWorkflowRuns(t *testing.T) {
	dir := initCourse(t)
	text, err := os.ReadFile(filepath.Join(dir, workflowFile))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(text, &w); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	modules := filepath.Join(root, "node_modules")
	runner := t.TempDir()
	githubPath := filepath.Join(runner, "github_path")
	os.WriteFile(githubPath, nil, 0o644)
	replaced := map[string]string{
		"build":  `mkdir -p "$RUNNER_TEMP/bin" && cp "$PARTLAB_TEST_BINARY" "$RUNNER_TEMP/bin/partlab" && echo "$RUNNER_TEMP/bin" >> "$GITHUB_PATH"`,
		"npm ci": `ln -s "$PARTLAB_TEST_NODE_MODULES" node_modules`,
	}
	var ran, built, installed int
	for i, s := range w.Jobs["build"].Steps {
		if s.Run == "" {
			continue
		}
		script := s.Run
		switch {
		case s.ID == buildStep:
			script, built = replaced["build"], built+1
			t.Logf("step %d %q: replaced by copying the test binary: %s", i, s.Name, script)
		case strings.TrimSpace(s.Run) == "npm ci" && os.Getenv("CI") == "true":
			installed++
			t.Logf("step %d %q: npm ci runs as written (CI=true)", i, s.Name)
		case strings.TrimSpace(s.Run) == "npm ci":
			script, installed = replaced["npm ci"], installed+1
			t.Logf("step %d %q: npm ci replaced, offline, by: %s", i, s.Name, script)
		}
		path := os.Getenv("PATH")
		added, _ := os.ReadFile(githubPath)
		for _, p := range strings.Fields(string(added)) {
			path = p + string(os.PathListSeparator) + path
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"PATH="+path, "RUNNER_TEMP="+runner, "GITHUB_PATH="+githubPath, "GITHUB_WORKSPACE="+dir,
			"PARTLAB_TEST_MAIN=1", "PARTLAB_TEST_BINARY="+self, "PARTLAB_TEST_NODE_MODULES="+modules)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("step %d %q failed: %v\n%s\n%s", i, s.Name, err, script, out)
		}
		ran++
	}
	if built != 1 || installed != 1 || ran < 5 {
		t.Fatalf("ran %d steps, %d builds and %d npm ci; want one build, one npm ci, then validate, check and render", ran, built, installed)
	}
	for _, f := range []string{"index.html", "partitions/index.html", "partitions/results.json"} {
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Errorf("after the workflow's steps: %v", err)
		}
	}
	// Whatever npm ci installed, the site's ECharts is the build partlab embeds.
	if got, err := os.ReadFile(filepath.Join(dir, "out", "assets", "echarts.min.js")); err != nil || !bytes.Equal(got, templates.ECharts) {
		t.Errorf("out/assets/echarts.min.js is not the ECharts build partlab embeds (%v)", err)
	}
}

// The scaffold's site.yaml holds the site settings' fields the site2 work
// reads (title, intro, home, order), strictly, and its order names every
// starter scenario and no other. Until partlab reads site.yaml, this test is
// what keeps it true.
func TestScaffoldSiteSettings(t *testing.T) {
	text, err := fs.ReadFile(scaffold.Files(), "site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var site struct {
		Title string `yaml:"title"`
		Intro string `yaml:"intro"`
		Home  struct {
			Text string `yaml:"text"`
			URL  string `yaml:"url"`
		} `yaml:"home"`
		Order []string `yaml:"order"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(&site); err != nil {
		t.Fatalf("site.yaml: %v", err)
	}
	if site.Title == "" || site.Intro == "" || site.Home.Text == "" || site.Home.URL == "" {
		t.Errorf("site.yaml leaves a field empty: %+v", site)
	}
	scenarios, err := fs.Glob(scaffold.Files(), "scenarios/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range scenarios {
		scenarios[i] = strings.TrimSuffix(path.Base(s), ".yaml")
	}
	if !slices.Equal(slices.Sorted(slices.Values(site.Order)), scenarios) {
		t.Errorf("site.yaml's order is %q, want the scenarios %q", site.Order, scenarios)
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
