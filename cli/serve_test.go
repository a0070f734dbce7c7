package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/browsertest"
	"github.com/partlab/partlab/internal/testtool"
	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/templates"
)

const (
	smallYAML = "title: Small\ncells:\n  - grid: {keys: [subscriber], partitions: [2]}\n"
	// brokenYAML has two problems, one of them with markup in its text.
	brokenYAML = "title: Small\n\"<b>x</b>\": 1\ncells:\n  - grid: {keys: [subscriber], partitions: [0]}\n"
	// patience bounds every wait on the server: generous, since a wait
	// ends as soon as what it waits for happens.
	patience = 5 * time.Minute
)

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr   string
		remote bool
		ok     bool
	}{
		{"127.0.0.1:8000", false, true},
		{"127.0.0.2:0", false, true},
		{"localhost:8000", false, true},
		{"[::1]:8000", false, true},
		{"0.0.0.0:8000", false, false},
		{":8000", false, false},
		{"[::]:8000", false, false},
		{"192.168.1.10:8000", false, false},
		{"example.com:8000", false, false},
		{"0.0.0.0:8000", true, true},
		{":8000", true, true},
		{"127.0.0.1", false, false},
		{"127.0.0.1", true, false},
	}
	for _, tt := range tests {
		err := checkAddr(tt.addr, tt.remote)
		if (err == nil) != tt.ok {
			t.Errorf("checkAddr(%q, %v) = %v, want ok %v", tt.addr, tt.remote, err, tt.ok)
		}
	}
}

// preview is a server under test: its files, its URL and the tick that
// makes it poll.
type preview struct {
	*server
	dir  string
	url  string
	tick chan time.Time
	n    int // edits so far, which set distinct modification times
}

// startPreview writes files (name → content) into a new directory, renders
// them and serves them on a loopback port until the test ends. The server
// polls only when the test ticks.
func startPreview(t *testing.T, echarts []byte, files map[string]string, order ...string) *preview {
	t.Helper()
	p := &preview{dir: t.TempDir(), tick: make(chan time.Time)}
	var names []string
	for _, name := range order {
		names = append(names, filepath.Join(p.dir, name))
	}
	p.server = newServer(names, reportsite.Site{ECharts: echarts}, &computeFlags{budget: sim.DefaultBudget}, io.Discard)
	for _, name := range order {
		p.edit(t, name, files[name])
	}
	p.serveOn(t, names)
	return p
}

// serveOn renders the files and serves them on a loopback port until the
// test ends.
func (p *preview) serveOn(t *testing.T, names []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	p.rebuild(ctx, names)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.url = "http://" + ln.Addr().String()
	done := make(chan error, 1)
	go func() { done <- p.run(ctx, ln, p.tick) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run: %v", err)
			}
		case <-time.After(patience):
			t.Error("the server did not stop")
		}
	})
}

// edit writes a file with a modification time of its own, so that polling
// sees every edit whatever the file system's clock resolution.
func (p *preview) edit(t *testing.T, name, content string) {
	t.Helper()
	path := filepath.Join(p.dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	p.n++
	at := time.Unix(1_700_000_000+int64(p.n), 0)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// poll makes the server look at its files; it returns once the server has
// taken the tick, and a second tick returns once the first poll is done.
func (p *preview) poll() { p.tick <- time.Time{} }

// settle makes the server look at its files and returns once it is done.
func (p *preview) settle() { p.poll(); p.poll() }

func (p *preview) currentVersion() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.version
}

// get fetches path without following redirects.
func (p *preview) get(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	client := &http.Client{
		Timeout:       patience,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := client.Get(p.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

// stream is an open event stream; next returns the data of its next event.
type stream struct {
	r    *bufio.Reader
	body io.Closer
}

func (p *preview) events(t *testing.T) *stream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", p.url+eventsPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q, want text/event-stream", ct)
	}
	return &stream{r: bufio.NewReader(resp.Body), body: resp.Body}
}

func (s *stream) next(t *testing.T) string {
	t.Helper()
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("event stream: %v", err)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			return strings.TrimSuffix(data, "\n")
		}
	}
}

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
	p.mu.RLock()
	out := p.out
	p.mu.RUnlock()
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

// TestServeCommand runs partlab serve as the command line does: it prints
// the URL, serves, and stops when its context is cancelled, ending the open
// event streams; a reachable address needs --allow-remote.
func TestServeCommand(t *testing.T) {
	dir := scratch(t, map[string]string{"small.yaml": smallYAML})
	file := filepath.Join(dir, "small.yaml")
	for _, args := range [][]string{
		{"serve", "--addr", "0.0.0.0:0", file},
		{"serve", "--addr", "nonsense", file},
	} {
		if err := Run(context.Background(), args, io.Discard, io.Discard); exitCode(err) != 2 {
			t.Errorf("%q: %v (exit %d), want a usage error", args, err, exitCode(err))
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--cdn", "https://cdn.example/echarts.min.js", file}, stdout, io.Discard)
		stdout.Close()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	url, ok := strings.CutPrefix(line, "serving 1 scenario files at ")
	url, _, _ = strings.Cut(url, " ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("stdout %q, want the URL", line)
	}
	p := &preview{url: strings.TrimSuffix(url, "/")}
	if _, page := p.get(t, "/small/"); !strings.Contains(page, `id="echarts-source" data-src="https://cdn.example/echarts.min.js"`) {
		t.Error("the page does not load ECharts from --cdn")
	}
	events := p.events(t)
	events.next(t)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve stopped with %v, want nil", err)
		}
	case <-time.After(patience):
		t.Fatal("serve did not stop")
	}
	if _, err := io.ReadAll(events.r); err != nil {
		t.Errorf("the event stream did not end: %v", err)
	}
	if c, err := net.Dial("tcp", strings.TrimPrefix(p.url, "http://")); err == nil {
		c.Close()
		t.Error("the port still accepts connections")
	}
}

// TestServeBrowser opens a served page in headless Chromium, as an author
// would keep it open: a save shows the edit without a manual reload, a broken
// file shows its problems over the last good page, and the fix brings the
// page back. Without Chromium it skips, except in CI (CI=true).
func TestServeBrowser(t *testing.T) {
	testtool.Slow(t, "opens pages in Chromium")
	script := templates.ECharts
	p := startPreview(t, script, map[string]string{"small.yaml": smallYAML}, "small.yaml")
	ctx := browser.Tab(t)

	shows := func(what, js string) { t.Helper(); waitFor(t, ctx, what, js) }
	title := func(want string) string {
		return fmt.Sprintf(`document.querySelector("h1") !== null && document.querySelector("h1").textContent === %q`, want)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(p.url+"/small/")); err != nil {
		t.Fatal(err)
	}
	shows("its title", title("Small")+` && document.getElementById("partlab-problems") === null`)
	// A reload forgets this; the edit must come by reloading, not by script.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.partlabOpened = true`)); err != nil {
		t.Fatal(err)
	}

	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small, edited", 1))
	p.poll()
	shows("the edit", title("Small, edited")+` && window.partlabOpened === undefined`)

	p.edit(t, "small.yaml", brokenYAML)
	p.poll()
	shows("the problems over the last good page", title("Small, edited")+` && (function () {
		var p = document.getElementById("partlab-problems");
		return p !== null && p.textContent.indexOf("<b>x</b>: unknown field") >= 0 &&
			p.textContent.indexOf("cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)") >= 0;
	}())`)

	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small, fixed", 1))
	p.poll()
	shows("the fixed page", title("Small, fixed")+` && document.getElementById("partlab-problems") === null`)
}

// browser is the package's one Chromium; TestMain stops it.
var browser = browsertest.New(reportsite.FindChromium)

// navigate opens url in the tab. An open page that the server has just
// told to reload can do so while the navigation runs, aborting it
// (net::ERR_ABORTED) or ending it on the reloaded page; either way it is
// tried again, a bounded number of times, until the tab shows url.
func navigate(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	var err error
	for range 5 {
		err = chromedp.Do(ctx, chromedp.Navigate(url))
		if err != nil && !strings.Contains(err.Error(), "ERR_ABORTED") {
			break
		}
		if err == nil {
			var at string
			if at, err = chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); err == nil && at == url {
				return
			}
			err = fmt.Errorf("the tab shows %s, not %s", at, url)
		}
	}
	t.Fatal(err)
}

// waitFor waits until js, an expression, is true in the page. It asks
// again after an error, since a reload interrupts whatever runs then.
func waitFor(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	wait, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	every := time.NewTicker(20 * time.Millisecond)
	defer every.Stop()
	for {
		ok, err := chromedp.Run(wait, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		select {
		case <-every.C:
			continue
		case <-wait.Done():
		}
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("the page never showed %s (last error: %v); it shows:\n%s", what, err, text)
	}
}

// TestServeSiteBrowser opens an init course's site in Chromium: serve shows
// site.yaml's title and order; a scenario file added shows in the open
// index without a restart and a deleted one leaves it; editing an image
// reloads the page that shows it.
func TestServeSiteBrowser(t *testing.T) {
	testtool.Slow(t, "opens pages in Chromium")
	script := templates.ECharts
	p := startCourse(t, script)
	ctx := browser.Tab(t)
	shows := func(what, js string) { t.Helper(); waitFor(t, ctx, what, js) }
	// entries is the index's pages, by title, in order.
	entries := `Array.from(document.querySelectorAll("main h2 a")).map(function (a) { return a.textContent; }).join("|")`
	if err := chromedp.Do(ctx, chromedp.Navigate(p.url+"/")); err != nil {
		t.Fatal(err)
	}
	shows("site.yaml's title", `document.title === "Partitioned logs — partlab" && document.querySelector("h1").textContent === "Partitioned logs"`)
	first, err := chromedp.Run(ctx, chromedp.Evaluate[string](entries))
	if err != nil || first == "" {
		t.Fatalf("the index lists no page (%v)", err)
	}

	p.edit(t, "scenarios/img/diagram.svg", diagram("red"))
	p.edit(t, "scenarios/basics.yaml", courseScenario)
	p.edit(t, "site.yaml", strings.Replace(readFile(t, filepath.Join(p.dir, "site.yaml")), "order: [partitions]", "order: [basics, partitions]", 1))
	p.settle()
	shows("the added page first, in site.yaml's order", entries+` === "Basics|`+first+`"`)

	p.edit(t, "site.yaml", strings.Replace(readFile(t, filepath.Join(p.dir, "site.yaml")), "order: [basics, partitions]", "order: [partitions]", 1))
	p.remove(t, "scenarios/basics.yaml")
	p.settle()
	shows("the index without the deleted page", entries+` === "`+first+`"`)

	p.edit(t, "scenarios/basics.yaml", courseScenario)
	p.settle()
	navigate(t, ctx, p.url+"/basics/")
	shows("the page with its image", `document.querySelector("h1").textContent === "Basics" && document.querySelector("img") !== null && document.querySelector("img").complete`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.partlabOpened = true`)); err != nil {
		t.Fatal(err)
	}
	p.edit(t, "scenarios/img/diagram.svg", diagram("blue"))
	p.settle()
	shows("the page reloaded for its image", `window.partlabOpened === undefined && document.querySelector("h1").textContent === "Basics"`)
}

// BenchmarkServeRerender is the time from a save of the lesson scenario to
// a new render of the site (both shipped scenarios) in memory.
func BenchmarkServeRerender(b *testing.B) {
	files := []string{lessonYAML, day24YAML}
	s := newServer(files, reportsite.Site{ECharts: []byte("/* echarts */")}, &computeFlags{budget: sim.DefaultBudget}, io.Discard)
	ctx := context.Background()
	s.rebuild(ctx, files)
	for b.Loop() {
		s.rebuild(ctx, []string{lessonYAML})
	}
	if len(s.problems) > 0 {
		b.Fatal(s.problems)
	}
}

// BenchmarkServeEditOneOfTwenty is the time from a save of one scenario in
// a site of twenty (the init course's starter, twenty times) to the whole
// site rendered again with its settings and the change announced to the
// open pages.
func BenchmarkServeEditOneOfTwenty(b *testing.B) {
	dir := b.TempDir()
	starter, err := os.ReadFile(filepath.Join(root, "scaffold", "course", "scenarios", "partitions.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	var files []string
	for i := range 20 {
		f := filepath.Join(dir, fmt.Sprintf("page%02d.yaml", i))
		if err := os.WriteFile(f, starter, 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	s := newServer(files, reportsite.Site{ECharts: []byte("/* echarts */")}, &computeFlags{budget: sim.DefaultBudget}, io.Discard)
	s.folder = filepath.Join(dir, "*.yaml")
	ctx := context.Background()
	s.rebuild(ctx, files)
	edited := files[7]
	for i := 0; b.Loop(); i++ {
		src := strings.Replace(string(starter), "title: ", fmt.Sprintf("title: Edit %d, ", i), 1)
		if err := os.WriteFile(edited, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		at := time.Unix(1_700_000_000+int64(i), 0)
		os.Chtimes(edited, at, at)
		before := s.version
		s.poll(ctx)
		if s.version != before+1 || s.pages["page07/index.html"] != s.version {
			b.Fatalf("the edit was not announced: version %d, page version %d", s.version, s.pages["page07/index.html"])
		}
	}
	if len(s.problems) > 0 || len(s.good) != 20 {
		b.Fatal(s.problems)
	}
}

// startCourse makes a course with init in a new directory and serves it as
// serve does with no files named: its scenarios folder and its site.yaml,
// polled when the test ticks.
func startCourse(t *testing.T, echarts []byte) *preview {
	t.Helper()
	p := &preview{dir: t.TempDir(), tick: make(chan time.Time)}
	if _, _, err := partlab(t, "init", p.dir); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(p.dir, "scenarios", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("init wrote no scenario (%v)", err)
	}
	p.server = newServer(files, reportsite.Site{ECharts: echarts}, &computeFlags{budget: sim.DefaultBudget}, io.Discard)
	p.folder, p.siteFile = filepath.Join(p.dir, "scenarios", "*.yaml"), filepath.Join(p.dir, "site.yaml")
	p.serveOn(t, files)
	return p
}

// remove deletes one of the preview's files.
func (p *preview) remove(t *testing.T, name string) {
	t.Helper()
	if err := os.Remove(filepath.Join(p.dir, name)); err != nil {
		t.Fatal(err)
	}
}

// courseScenario is a second page for the init course, with an image.
const courseScenario = "title: Basics\ncells:\n  - md: |\n      ![a diagram](img/diagram.svg)\n  - grid: {keys: [region, subscriber], partitions: [2, 8]}\n"

func diagram(fill string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="` + fill + `"/></svg>`
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
	p.edit(t, "site.yaml", strings.Replace(readFile(t, filepath.Join(p.dir, "site.yaml")), "order: [partitions]", "order: [basics, partitions]", 1))
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

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (p *preview) pageVersionOf(name string) int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.pageVersion(name)
}
