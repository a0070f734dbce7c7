package site

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
)

// course writes the scenario files of a small course into dir and returns
// their notebooks by name: a, b and c, each a page with a heading.
func course(t *testing.T, dir string) map[string]Notebook {
	t.Helper()
	nbs := map[string]Notebook{}
	for _, name := range []string{"a", "b", "c"} {
		src := "title: Page " + strings.ToUpper(name) + "\nsummary: the summary of " + name + "\ncells:\n  - md: |\n      Text of " + name + ".\n\n      ## Heading " + name + "\n      The partition count is a hard ceiling in " + name + ".\n"
		file := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		nbs[name] = notebook(t, file, src)
	}
	return nbs
}

func readManifestFile(t *testing.T, dir string) manifest {
	t.Helper()
	var m manifest
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err == nil {
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func pageNames(m manifest) []string {
	var names []string
	for _, p := range m.Pages {
		names = append(names, p.Name)
	}
	return names
}

// TestRendersAccumulate renders a, then b, into one folder: the index lists
// both, a's page (not rendered again) links to b as its next page, and the
// whole is what one render of both writes, byte for byte.
func TestRendersAccumulate(t *testing.T) {
	src := t.TempDir()
	nbs := course(t, src)
	out := filepath.Join(t.TempDir(), "out")
	write(t, Site{Notebooks: []Notebook{nbs["a"]}, ECharts: fakeECharts}, out)
	write(t, Site{Notebooks: []Notebook{nbs["b"]}, ECharts: fakeECharts}, out)
	got := tree(t, out)
	if names := pageNames(readManifestFile(t, out)); !slices.Equal(names, []string{"a", "b"}) {
		t.Errorf("the manifest lists %v, want [a b]", names)
	}
	for _, link := range []string{`<a href="a/index.html">Page A</a>`, `<a href="b/index.html">Page B</a>`} {
		if !strings.Contains(got["index.html"], link) {
			t.Errorf("the index lacks %s", link)
		}
	}
	if !strings.Contains(got["a/index.html"], `<a rel="next" href="../b/index.html">Page B →</a>`) {
		t.Error("a's page does not link b as its next page")
	}
	once := filepath.Join(t.TempDir(), "out")
	write(t, Site{Notebooks: []Notebook{nbs["b"], nbs["a"]}, ECharts: fakeECharts}, once)
	if want := tree(t, once); !mapsEqual(got, want) {
		t.Error("rendering a then b differs from rendering both at once")
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestClean removes a scenario's file: without Clean its page stays, with
// Clean it goes, and the files in out/ that partlab did not write stay,
// even in the removed page's folder.
func TestClean(t *testing.T) {
	src := t.TempDir()
	nbs := course(t, src)
	out := filepath.Join(t.TempDir(), "out")
	write(t, Site{Notebooks: []Notebook{nbs["a"], nbs["b"], nbs["c"]}, ECharts: fakeECharts}, out)
	foreign := map[string]string{"README.md": "mine", "b/notes.txt": "mine too", "c/nothing-else": "x"}
	for name, data := range foreign {
		if err := os.WriteFile(filepath.Join(out, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(src, "b.yaml"))
	os.Remove(filepath.Join(src, "c.yaml"))
	write(t, Site{Notebooks: []Notebook{nbs["a"]}, ECharts: fakeECharts}, out)
	if names := pageNames(readManifestFile(t, out)); !slices.Equal(names, []string{"a", "b", "c"}) {
		t.Errorf("without clean the manifest lists %v, want [a b c]", names)
	}
	write(t, Site{Notebooks: []Notebook{nbs["a"]}, ECharts: fakeECharts, Clean: true}, out)
	got := tree(t, out)
	if names := pageNames(readManifestFile(t, out)); !slices.Equal(names, []string{"a"}) {
		t.Errorf("with clean the manifest lists %v, want [a]", names)
	}
	for _, gone := range []string{"b/index.html", "b/results.json", "b/results.csv", "b/figures.csv", "c/index.html"} {
		if _, ok := got[gone]; ok {
			t.Errorf("%s is still there", gone)
		}
	}
	for name, data := range foreign {
		if got[name] != data {
			t.Errorf("%s, which partlab did not write, is %q, want %q", name, got[name], data)
		}
	}
	if strings.Contains(got["index.html"], "Page B") || strings.Contains(got["a/index.html"], "Page B") {
		t.Error("the index or a's page still links b")
	}
}

// TestSettings checks that site.yaml's settings appear, and the pages in
// its order.
func TestSettings(t *testing.T) {
	nbs := course(t, t.TempDir())
	settings, err := scenarios.ParseSite(strings.NewReader(`title: The Course
intro: "Welcome to **partitions**."
home: {text: Course home, url: "https://example.org/"}
order: [c, a]
base_url: https://example.org/course
footer: "Written by *us*."
`), "site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	write(t, Site{Notebooks: []Notebook{nbs["a"], nbs["b"], nbs["c"]}, ECharts: fakeECharts, Settings: settings}, out)
	got := tree(t, out)
	index := got["index.html"]
	for _, want := range []string{"<title>The Course — partlab</title>", "<h1>The Course</h1>", "Welcome to <strong>partitions</strong>.",
		`<a class="site-home" href="https://example.org/">Course home</a>`, "Written by <em>us</em>.",
		`<link rel="canonical" href="https://example.org/course/">`} {
		if !strings.Contains(index, want) {
			t.Errorf("the index lacks %s", want)
		}
	}
	order := regexp.MustCompile(`<h2><a href="(\w)/index.html">`).FindAllStringSubmatch(index, -1)
	var names []string
	for _, m := range order {
		names = append(names, m[1])
	}
	if !slices.Equal(names, []string{"c", "a", "b"}) {
		t.Errorf("the index lists %v, want [c a b]", names)
	}
	for _, want := range []string{`<a rel="prev" href="../c/index.html">`, `<a rel="next" href="../b/index.html">`,
		`<link rel="canonical" href="https://example.org/course/a/">`, "Written by <em>us</em>.", `<a class="site-title" href="../index.html">The Course</a>`} {
		if !strings.Contains(got["a/index.html"], want) {
			t.Errorf("a's page lacks %s", want)
		}
	}
	wantMap := "<url><loc>https://example.org/course/</loc></url>\n<url><loc>https://example.org/course/c/</loc></url>\n<url><loc>https://example.org/course/a/</loc></url>\n<url><loc>https://example.org/course/b/</loc></url>\n"
	if !strings.Contains(got["sitemap.xml"], wantMap) {
		t.Errorf("sitemap.xml is\n%s\nwant its urls\n%s", got["sitemap.xml"], wantMap)
	}
}

var href = regexp.MustCompile(`(?:href|src)="([^"#]*)(?:#[^"]*)?"`)

// TestNavFromSubPath serves the site under /course/ and follows every
// relative link of the index and of every page, prev and next included:
// each resolves to a file of the site.
func TestNavFromSubPath(t *testing.T) {
	nbs := course(t, t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	write(t, Site{Notebooks: []Notebook{nbs["a"], nbs["b"], nbs["c"]}, ECharts: fakeECharts}, out)
	srv := httptest.NewServer(http.StripPrefix("/course", http.FileServer(http.Dir(out))))
	defer srv.Close()
	seen := map[string]bool{}
	queue := []string{srv.URL + "/course/index.html"}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if seen[u] {
			continue
		}
		seen[u] = true
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %s", u, resp.Status)
			continue
		}
		if !strings.HasSuffix(u, ".html") {
			continue
		}
		base, _ := url.Parse(u)
		for _, m := range href.FindAllStringSubmatch(string(body), -1) {
			ref, err := url.Parse(m[1])
			if err != nil || ref.IsAbs() || m[1] == "" {
				continue
			}
			next := base.ResolveReference(ref)
			if !strings.HasPrefix(next.Path, "/course/") {
				t.Errorf("%s links %s, outside /course/", u, m[1])
				continue
			}
			queue = append(queue, next.String())
		}
	}
	for _, want := range []string{"/course/a/index.html", "/course/b/index.html", "/course/c/index.html", "/course/search.js"} {
		if !seen[srv.URL+want] {
			t.Errorf("no link leads to %s", want)
		}
	}
}

// TestSearchBounds checks that the index of a page of many sections is
// bounded.
func TestSearchBounds(t *testing.T) {
	sections := make([]markdown.Section, 2*maxSections)
	for i := range sections {
		sections[i] = markdown.Section{ID: "h", Title: "h"}
	}
	if n := len(pageSearch("p", "P", sections)); n != maxSections+1 {
		t.Errorf("a page of %d sections has %d entries, want %d", len(sections), n, maxSections+1)
	}
}

// TestManifestRefused checks that a manifest that is no JSON, or lists a
// path outside the site, stops the render before out/ changes: partlab
// removes nothing it cannot show it wrote there.
func TestManifestRefused(t *testing.T) {
	nbs := course(t, t.TempDir())
	tests := []struct{ name, manifest, want string }{
		{"not json", "{", "remove it to start the site afresh"},
		{"outside", `{"pages": [{"name": "a", "files": ["../secret"]}]}`, `page "a" lists "../secret", outside the site`},
		{"absolute", `{"files": ["/etc/passwd"]}`, `lists "/etc/passwd", outside the site`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			os.Mkdir(out, 0o755)
			os.WriteFile(filepath.Join(out, manifestFile), []byte(tt.manifest), 0o644)
			err := Site{Notebooks: []Notebook{nbs["a"]}, ECharts: fakeECharts, Clean: true}.Write(out, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error with %s", err, tt.want)
			}
			if got := tree(t, out); len(got) != 1 {
				t.Errorf("out/ holds %d files after the refused render, want the manifest alone", len(got))
			}
		})
	}
}
