package site

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/templates"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// fakeECharts stands in for echarts.min.js where no browser runs it.
var fakeECharts = []byte("/* echarts */ var echarts = {};")

// tree reads every file under dir, by slash-separated relative path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func write(t *testing.T, s Site, dir string) {
	t.Helper()
	if err := s.Write(dir, io.Discard); err != nil {
		t.Fatal(err)
	}
}

// TestSiteLayout checks which files a site writes and that the pages link
// them, for each way of loading ECharts.
func TestSiteLayout(t *testing.T) {
	nb := lesson(t)
	tests := []struct {
		name      string
		site      Site
		files     []string
		reference string // how the page loads ECharts
	}{
		{"copied", Site{ECharts: fakeECharts},
			[]string{"index.html", "search.js", "partlab-manifest.json", "assets/echarts.min.js", "assets/partlab-run.js", "assets/partlab.wasm.gz", "assets/partlab.wasm.js", "messaging-systems/index.html", "messaging-systems/results.json", "messaging-systems/results.csv", "messaging-systems/figures.csv"},
			`<script type="text/plain" id="echarts-source" data-src="../assets/echarts.min.js"></script>`},
		{"no-run", Site{ECharts: fakeECharts, NoRun: true},
			[]string{"index.html", "search.js", "partlab-manifest.json", "assets/echarts.min.js", "messaging-systems/index.html", "messaging-systems/results.json", "messaging-systems/results.csv", "messaging-systems/figures.csv"},
			`<script type="text/plain" id="echarts-source" data-src="../assets/echarts.min.js"></script>`},
		{"site.yaml run: false", Site{ECharts: fakeECharts, Settings: &scenarios.Site{Title: "Course"}},
			[]string{"index.html", "search.js", "partlab-manifest.json", "assets/echarts.min.js", "messaging-systems/index.html", "messaging-systems/results.json", "messaging-systems/results.csv", "messaging-systems/figures.csv"},
			`<script type="text/plain" id="echarts-source" data-src="../assets/echarts.min.js"></script>`},
		{"cdn", Site{CDN: "https://cdn.example/echarts@5.6.0/echarts.min.js"},
			[]string{"index.html", "search.js", "partlab-manifest.json", "assets/partlab-run.js", "assets/partlab.wasm.gz", "assets/partlab.wasm.js", "messaging-systems/index.html", "messaging-systems/results.json", "messaging-systems/results.csv", "messaging-systems/figures.csv"},
			`<script type="text/plain" id="echarts-source" data-src="https://cdn.example/echarts@5.6.0/echarts.min.js"></script>`},
		{"self-contained", Site{ECharts: fakeECharts, SelfContained: true},
			[]string{"index.html", "search.js", "partlab-manifest.json", "messaging-systems/index.html", "messaging-systems/results.json", "messaging-systems/results.csv", "messaging-systems/figures.csv"},
			`<script type="text/plain" id="echarts-source">/* echarts */ var echarts = {};</script>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.site.Notebooks = []Notebook{nb}
			write(t, tt.site, dir)
			got := tree(t, dir)
			if len(got) != len(tt.files) {
				t.Errorf("wrote %d files, want %v", len(got), tt.files)
			}
			for _, f := range tt.files {
				if _, ok := got[f]; !ok {
					t.Errorf("no %s", f)
				}
			}
			page := got["messaging-systems/index.html"]
			if !strings.Contains(page, tt.reference) {
				t.Errorf("the page does not load ECharts with %s", tt.reference)
			}
			if !strings.Contains(got["index.html"], `<a href="messaging-systems/index.html">Messaging Systems — partitions, consumers and order</a>`) {
				t.Error("the index does not link the page by its title")
			}
			if !tt.site.SelfContained && !strings.Contains(page, `<a href="results.json"`) {
				t.Error("the page does not link results.json")
			}
		})
	}
}

// scriptSrc matches a script element that loads ECharts as the page loads.
var scriptSrc = regexp.MustCompile(`<script[^>]*\ssrc="[^"]*echarts[^>]*>`)

var reference = regexp.MustCompile(`(?:src|href)="([^"]*)"`)

// TestSelfContained checks that a self-contained page refers to no other
// file: every src and href is a fragment or a data: URL.
func TestSelfContained(t *testing.T) {
	got := page(t, lesson(t), Options{Inline: fakeECharts})
	refs := reference.FindAllStringSubmatch(got, -1)
	if len(refs) == 0 {
		t.Fatal("no links at all")
	}
	for _, m := range refs {
		if !strings.HasPrefix(m[1], "#") && !strings.HasPrefix(m[1], "data:") {
			t.Errorf("the page refers to %q", m[1])
		}
	}
	if !strings.Contains(got, `href="data:application/json;base64,`) {
		t.Error("the page does not carry its results.json")
	}
}

// TestDeterministic writes the site twice: the two trees are byte-identical.
func TestDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	s := Site{Notebooks: []Notebook{lesson(t)}, ECharts: fakeECharts}
	write(t, s, a)
	s.Notebooks = []Notebook{lesson(t)}
	write(t, s, b)
	ta, tb := tree(t, a), tree(t, b)
	if len(ta) != len(tb) {
		t.Fatalf("%d files, then %d", len(ta), len(tb))
	}
	for name, data := range ta {
		if tb[name] != data {
			t.Errorf("%s differs between two renders", name)
		}
	}
}

// TestAtomic checks that a render that fails leaves the previous site as it
// was, and no temporary directory behind.
func TestAtomic(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	write(t, Site{Notebooks: []Notebook{lesson(t)}, ECharts: fakeECharts}, dir)
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := tree(t, dir)

	good := lesson(t)
	good.Scenario.Title = "A new title"
	bad := notebook(t, "bad.yaml", "title: t\ncells:\n  - md: |\n      {{ grid \"nope\" }}\n")
	err := Site{Notebooks: []Notebook{good, bad}, ECharts: fakeECharts}.Write(dir, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `bad.yaml:4:10: cells[0].md: template: grid "nope": no grid cell "nope"`) {
		t.Fatalf("err = %v, want the bad cell's position and cause", err)
	}
	after := tree(t, dir)
	if len(after) != len(before) {
		t.Errorf("%d files before the failed render, %d after", len(before), len(after))
	}
	for name, data := range before {
		if after[name] != data {
			t.Errorf("the failed render changed %s", name)
		}
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the parent holds %d entries after the failed render, want out/ alone", len(entries))
	}
}

// TestSiteErrors covers the sites that cannot be written.
func TestSiteErrors(t *testing.T) {
	nb := lesson(t)
	renamed := func(name string) Notebook {
		n := lesson(t)
		n.Scenario.Name = name
		return n
	}
	tests := []struct {
		name string
		site Site
		want string
	}{
		{"twice the same name", Site{Notebooks: []Notebook{nb, nb}, ECharts: fakeECharts}, "would both write messaging-systems/"},
		{"a name that cannot be a link", Site{Notebooks: []Notebook{renamed("#lab")}, ECharts: fakeECharts}, `the file's name "#lab" cannot name a page`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			err := tt.site.Write(dir, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("a failed site created %s", dir)
			}
		})
	}
}

// TestEmbeddedECharts checks that a site given no ECharts script copies the
// build partlab embeds, so rendering needs no node_modules, and that its
// pages name it only to charts.js's loader: no script element with a src,
// blocking or deferred, loads it with the page.
func TestEmbeddedECharts(t *testing.T) {
	dir := t.TempDir()
	write(t, Site{Notebooks: []Notebook{lesson(t)}}, dir)
	got := tree(t, dir)
	if got[echartsPath] != string(templates.ECharts) {
		t.Errorf("%s is not the embedded build (%d bytes, want %d)", echartsPath, len(got[echartsPath]), len(templates.ECharts))
	}
	page := got["messaging-systems/index.html"]
	if !strings.Contains(page, `<script type="text/plain" id="echarts-source" data-src="../assets/echarts.min.js"></script>`) {
		t.Error("the page does not name the build to charts.js's loader")
	}
	if loads := scriptSrc.FindAllString(page, -1); len(loads) > 0 {
		t.Errorf("the page loads ECharts with itself: %q", loads)
	}
}

// TestIndex checks the index: every scenario's title, summary with its
// template values, the source parameters its figures use (none for a page
// of prose alone) and links.
func TestIndex(t *testing.T) {
	var buf strings.Builder
	nb := lesson(t)
	if err := Index(&buf, []Notebook{nb, notebook(t, "other.yaml", "title: Other <i>one</i>\ncells:\n  - md: x\n")}); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		`<a href="messaging-systems/index.html">Messaging Systems — partitions, consumers and order</a>`,
		"A seeded meter-reading source of 200 subscribers and\n12 periods",
		"seed 20260218 · 200 subscribers · 12 periods · 2400 records",
		`<a href="messaging-systems/results.json">results.json</a>`,
		`<a href="other/index.html">Other &lt;i&gt;one&lt;/i&gt;</a>`,
		`<p class="meta"><a href="other/results.json">results.json</a>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the index lacks %q", want)
		}
	}
	if n := strings.Count(got, "seed "); n != 1 {
		t.Errorf("the index names a seed %d times, want once (the lesson's card)", n)
	}
}

// A site rendered through a cache is the site rendered afresh, byte for
// byte, when a page's place in the site changes (new settings, a page
// added) and when one notebook is computed again; the cache renders again
// only the notebooks it has not seen.
func TestCacheRendersLikeAFreshRender(t *testing.T) {
	a := notebook(t, "scenarios/a.yaml", "title: A\ncells:\n  - grid: {keys: [record], partitions: [2]}\n")
	b := notebook(t, "scenarios/b.yaml", "title: B\ncells:\n  - grid: {keys: [period], partitions: [2]}\n")
	c := notebook(t, "scenarios/c.yaml", "title: C\ncells:\n  - md: hi\n")
	cache := &Cache{}
	for _, step := range []struct {
		name     string
		nbs      []Notebook
		settings *scenarios.Site
	}{
		{"first render", []Notebook{a, b}, nil},
		{"settings", []Notebook{a, b}, &scenarios.Site{Title: "Course", Order: []string{"b", "a"}}},
		{"a page added", []Notebook{a, b, c}, &scenarios.Site{Title: "Course", Order: []string{"b", "a"}}},
		{"a page computed again", []Notebook{a, notebook(t, "scenarios/b.yaml", "title: B again\ncells:\n  - grid: {keys: [period], partitions: [2]}\n"), c}, nil},
		{"a page removed", []Notebook{a, c}, nil},
	} {
		got, err := Site{Notebooks: step.nbs, ECharts: fakeECharts, Settings: step.settings, Cache: cache}.Render()
		if err != nil {
			t.Fatal(err)
		}
		want, err := Site{Notebooks: step.nbs, ECharts: fakeECharts, Settings: step.settings}.Render()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			for name := range want {
				if !bytes.Equal(got[name], want[name]) {
					t.Errorf("%s: %s differs from a fresh render", step.name, name)
				}
			}
		}
		if len(cache.pages) != len(step.nbs) {
			t.Errorf("%s: the cache holds %d pages, want %d", step.name, len(cache.pages), len(step.nbs))
		}
	}
}

// TestSearchHoldsNoAnswer checks that the student's site's search finds the
// questions and no answer, an answer container's or an answer: true
// cell's, and that the answer key's search finds both.
func TestSearchHoldsNoAnswer(t *testing.T) {
	nb := notebook(t, "drill.yaml", `title: Drill
cells:
  - md: |
      ## D1
      How many partitions does one key land on?

      :::answer
      Exactly one, by the hash of the key.
      :::
  - sizing: {id: s, target: 60000, per_consumer: 5000, answer: true}
`)
	for _, e := range []report.Edition{report.Student, report.Teacher} {
		dir := t.TempDir()
		if err := (Site{Notebooks: []Notebook{nb}, Edition: e}).Write(dir, io.Discard); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "search.js"))
		if err != nil {
			t.Fatal(err)
		}
		search := string(b)
		if !strings.Contains(search, "How many partitions does one key land on?") {
			t.Errorf("the %s edition's search lacks the question", e)
		}
		for _, answer := range []string{"by the hash of the key", "60,000"} {
			if strings.Contains(search, answer) != e.Key() {
				t.Errorf("the %s edition's search: holds %q is %v, want %v", e, answer, !e.Key(), e.Key())
			}
		}
	}
}
