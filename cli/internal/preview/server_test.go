package preview

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeReload follows one file through edits: each save sends every
// open page a new version and serves the new page; a poll that finds no
// change renders nothing.
func TestServeReload(t *testing.T) {
	p := startPreview(t, []byte("/* echarts */"), map[string]string{"small.yaml": smallYAML}, "small.yaml")
	events := p.events(t)
	if got := events.next(t); got != "1" {
		t.Fatalf("first event %q, want the first render's version 1", got)
	}
	p.poll()
	p.poll()
	if v := p.currentVersion(); v != 1 {
		t.Fatalf("polls without a change made version %d, want 1", v)
	}
	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small, edited", 1))
	p.poll()
	if got := events.next(t); got != "2" {
		t.Fatalf("event after an edit %q, want 2", got)
	}
	_, page := p.get(t, "/small/")
	for _, want := range []string{"<h1>Small, edited</h1>", `var version = "2";`, `new EventSource("/_partlab/events?page=" + encodeURIComponent(location.pathname))`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "partlab-problems\"") {
		t.Error("a good render shows the problems overlay")
	}
}

// TestServeProblems breaks a file and fixes it: the problems are listed,
// escaped, over the last good render, and go when the file is fixed.
func TestServeProblems(t *testing.T) {
	p := startPreview(t, []byte("/* echarts */"), map[string]string{"small.yaml": smallYAML}, "small.yaml")
	_, goodJSON := p.get(t, "/small/results.json")
	p.edit(t, "small.yaml", brokenYAML)
	p.poll()
	p.poll()
	file := filepath.Join(p.dir, "small.yaml")
	for _, path := range []string{"/small/", "/"} {
		_, page := p.get(t, path)
		for _, want := range []string{
			`<aside id="partlab-problems" role="alert">`,
			"<h2>partlab serve: 2 problems</h2>",
			"<li>" + file + ":2:1: &lt;b&gt;x&lt;/b&gt;: unknown field (want one of ",
			"<li>" + file + ":4:45: cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)</li>",
			"Small</",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %q", path, want)
			}
		}
		if strings.Contains(page, "<b>x</b>") {
			t.Errorf("%s shows a problem's markup unescaped", path)
		}
	}
	if _, json := p.get(t, "/small/results.json"); json != goodJSON {
		t.Error("results.json is not the last good render's")
	}
	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small again", 1))
	p.poll()
	p.poll()
	if _, page := p.get(t, "/small/"); strings.Contains(page, "partlab-problems\"") || !strings.Contains(page, "<h1>Small again</h1>") {
		t.Error("the fixed file's page still shows problems or the old title")
	}
}

// TestServeNeverGood starts with problems: a file that never rendered has
// no page, the others do, and the index lists the problems.
func TestServeNeverGood(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		order   []string
		missing string // a page that is not served
		problem string // on the index, escaped, after the directory's name
	}{
		{"broken file", map[string]string{"small.yaml": smallYAML, "broken.yaml": brokenYAML}, []string{"small.yaml", "broken.yaml"},
			"/broken/", "broken.yaml:4:45: cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)"},
		{"name", map[string]string{"small.yaml": smallYAML, "a b.yaml": smallYAML}, []string{"small.yaml", "a b.yaml"},
			"/a b/", `a b.yaml: the file&#39;s name &#34;a b&#34; cannot name a page`},
		{"same page", map[string]string{"small.yaml": smallYAML, "other/small.yaml": brokenYAML}, []string{"small.yaml", "other/small.yaml"},
			"", "other/small.yaml:4:45: cells[0]"},
		{"same page, both good", map[string]string{"small.yaml": smallYAML, "other/small.yaml": smallYAML}, []string{"small.yaml", "other/small.yaml"},
			"", "small.yaml and DIR/other/small.yaml would both write small/: rename one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := startPreview(t, []byte("/* echarts */"), tt.files, tt.order...)
			if tt.missing != "" {
				if resp, _ := p.get(t, strings.ReplaceAll(tt.missing, " ", "%20")); resp.StatusCode != http.StatusNotFound {
					t.Errorf("%s: %s, want 404", tt.missing, resp.Status)
				}
			}
			_, index := p.get(t, "/")
			want := "<li>" + p.dir + "/" + strings.ReplaceAll(tt.problem, "DIR", p.dir)
			if !strings.Contains(index, "partlab serve: ") || !strings.Contains(index, want) {
				t.Errorf("the index lacks %q", want)
			}
			if !strings.Contains(index, `href="small/index.html"`) {
				t.Error("the index lacks the good file's page")
			}
			if _, page := p.get(t, "/small/"); !strings.Contains(page, "<h1>Small</h1>") {
				t.Error("the good file's page is not served")
			}
		})
	}
}

// TestServePaths serves each output of the site as Render made it, with
// only the HTML decorated.
func TestServePaths(t *testing.T) {
	p := startPreview(t, []byte("/* echarts */"), map[string]string{"small.yaml": smallYAML}, "small.yaml")
	p.live.mu.RLock()
	out := p.live.out
	p.live.mu.RUnlock()
	tests := []struct {
		path, status, contentType string
		body                      string // the whole body, or "" for an HTML page
		location                  string
	}{
		{"/", "200 OK", "text/html; charset=utf-8", "", ""},
		{"/small/", "200 OK", "text/html; charset=utf-8", "", ""},
		{"/small/index.html", "200 OK", "text/html; charset=utf-8", "", ""},
		{"/small", "301 Moved Permanently", "text/html; charset=utf-8", "", "/small/"},
		{"/small/results.json", "200 OK", "application/json", string(out["small/results.json"]), ""},
		{"/small/results.csv", "200 OK", "text/csv; charset=utf-8", string(out["small/results.csv"]), ""},
		{"/assets/echarts.min.js", "200 OK", "text/javascript; charset=utf-8", "/* echarts */", ""},
		{"/nothing", "404 Not Found", "text/plain; charset=utf-8", "404 page not found\n", ""},
	}
	for _, tt := range tests {
		resp, body := p.get(t, tt.path)
		if resp.Status != tt.status || resp.Header.Get("Content-Type") != tt.contentType || resp.Header.Get("Location") != tt.location {
			t.Errorf("%s: %s, %q, Location %q; want %s, %q, %q", tt.path, resp.Status, resp.Header.Get("Content-Type"),
				resp.Header.Get("Location"), tt.status, tt.contentType, tt.location)
		}
		if tt.body != "" && body != tt.body {
			t.Errorf("%s: the body is not the rendered file's", tt.path)
		}
		if tt.status == "200 OK" && tt.body == "" && !strings.Contains(body, `var version = "1";`) {
			t.Errorf("%s: a page without the live-reload script", tt.path)
		}
	}
}

// TestServeSite serves an init course as its site: site.yaml's title and
// order, a scenario file added and deleted while serving, an image edited,
// site.yaml broken and fixed; each change reloads only the pages it
// changed, and a problem of the settings shows on every page.
func TestServeSite(t *testing.T) {
	p := startCourse(t, []byte("/* echarts */"))
	_, index := p.get(t, "/")
	if !strings.Contains(index, "<title>Partitioned logs — partlab</title>") || !strings.Contains(index, `href="partitions/index.html"`) {
		t.Fatalf("the index is not site.yaml's:\n%.600s", index)
	}
	partitions := p.pageVersionOf("partitions/index.html")

	p.edit(t, "scenarios/img/diagram.svg", diagram("red"))
	p.edit(t, "scenarios/basics.yaml", courseScenario)
	p.edit(t, "site.yaml", strings.Replace(p.read(t, "site.yaml"), "order: [partitions]", "order: [basics, partitions]", 1))
	p.settle()
	_, index = p.get(t, "/")
	if b, q := strings.Index(index, `href="basics/index.html"`), strings.Index(index, `href="partitions/index.html"`); b < 0 || q < b {
		t.Errorf("the index does not list basics, then partitions (at %d and %d)", b, q)
	}
	if resp, img := p.get(t, "/basics/img/diagram.svg"); resp.StatusCode != http.StatusOK || img != diagram("red") {
		t.Errorf("the image: %s %q", resp.Status, img)
	}
	basics := p.pageVersionOf("basics/index.html")

	p.edit(t, "scenarios/img/diagram.svg", diagram("blue"))
	p.settle()
	if _, img := p.get(t, "/basics/img/diagram.svg"); img != diagram("blue") {
		t.Errorf("the edited image is not served: %q", img)
	}
	if v := p.pageVersionOf("basics/index.html"); v == basics {
		t.Error("the page whose image changed does not reload")
	}
	if v := p.pageVersionOf("partitions/index.html"); v != partitions+1 {
		t.Errorf("partitions' page version %d, want %d: one change to its next page (basics now before it), none for the image", v, partitions+1)
	}

	p.remove(t, "scenarios/basics.yaml")
	p.settle()
	if resp, _ := p.get(t, "/basics/"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the deleted scenario's page: %s, want 404", resp.Status)
	}
	_, index = p.get(t, "/")
	if strings.Contains(index, `href="basics/index.html"`) {
		t.Error("the index still lists the deleted scenario")
	}
	for _, path := range []string{"/", "/partitions/"} {
		if _, page := p.get(t, path); !strings.Contains(page, "partlab-problems") || !strings.Contains(page, `basics`) {
			t.Errorf("%s does not show the order's problem (basics is gone)", path)
		}
	}
	p.edit(t, "site.yaml", "title: [broken\n")
	p.settle()
	if _, page := p.get(t, "/partitions/"); !strings.Contains(page, "site.yaml:1:1: invalid YAML") || !strings.Contains(page, "Partitioned logs") {
		t.Errorf("the broken settings are not shown over the last good site:\n%.2000s", page)
	}
	p.edit(t, "site.yaml", "title: Renamed\norder: [partitions]\n")
	p.settle()
	if _, page := p.get(t, "/"); strings.Contains(page, "partlab-problems\"") || !strings.Contains(page, "<h1>Renamed</h1>") {
		t.Errorf("the fixed settings: %.600s", page)
	}
}

// TestServeStreamsCapped: past maxStreams open event streams a new one is
// refused, and the pages still load.
func TestServeStreamsCapped(t *testing.T) {
	p := startPreview(t, []byte("/* echarts */"), map[string]string{"small.yaml": smallYAML}, "small.yaml")
	for range maxStreams {
		p.events(t).next(t)
	}
	resp, _ := p.get(t, eventsPath)
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("stream %d: status %d, want %d", maxStreams+1, resp.StatusCode, http.StatusServiceUnavailable)
	}
	if resp, page := p.get(t, "/small/"); resp.StatusCode != http.StatusOK || !strings.Contains(page, "Small") {
		t.Errorf("with the streams full the page gives %d", resp.StatusCode)
	}
}
