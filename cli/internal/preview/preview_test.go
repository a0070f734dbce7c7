package preview

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/internal/browsertest"
	_ "github.com/partlab/partlab/internal/golden"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scaffold"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
)

const (
	smallYAML = "title: Small\ncells:\n  - grid: {keys: [subscriber], partitions: [2]}\n"
	// brokenYAML has two problems, one of them with markup in its text.
	brokenYAML = "title: Small\n\"<b>x</b>\": 1\ncells:\n  - grid: {keys: [subscriber], partitions: [0]}\n"
	// patience bounds every wait on the server: generous, since a wait
	// ends as soon as what it waits for happens.
	patience = 5 * time.Minute
)

// browser is the package's one Chromium; TestMain stops it.
var browser = browsertest.New(site.FindChromium)

func TestMain(m *testing.M) { os.Exit(browser.Main(m)) }

// compute is partlab serve's computation without what a preview does not
// change, the Kafka engine and measuring: the scenario loaded and run by
// the sim engine.
func compute(ctx context.Context, file string) (report.Notebook, error) {
	s, err := load.Scenario(file)
	if err != nil {
		return report.Notebook{}, err
	}
	rs, err := sim.Run(ctx, s.Source, s.SimCells())
	if err != nil {
		return report.Notebook{}, err
	}
	return report.Notebook{Scenario: s, Results: rs}, nil
}

// loadSettings reads the site settings as partlab serve does: their order
// may name the site's scenario files.
func loadSettings(name string, files []string) (*scenarios.Site, error) {
	s, err := load.Site(name)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)))
	}
	slices.Sort(names)
	if err := s.CheckOrder(names); err != nil {
		return nil, err
	}
	return s, nil
}

// preview is a server under test: its files, its URL and the tick that
// makes it poll.
type preview struct {
	*Server
	dir  string
	url  string
	tick chan time.Time
	n    int // edits so far, which set distinct modification times
}

// config is a test's preview of files with the ECharts script echarts.
func config(files []string, echarts []byte) Config {
	return Config{Files: files, Site: site.Site{ECharts: echarts}, Compute: compute, LoadSettings: loadSettings}
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
	p.Server = New(config(names, echarts))
	for _, name := range order {
		p.edit(t, name, files[name])
	}
	p.serve(t)
	return p
}

// serve renders the files and serves them on a loopback port until the
// test ends.
func (p *preview) serve(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	p.Render(ctx)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.url = "http://" + ln.Addr().String()
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, ln, p.tick) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(patience):
			t.Error("the server did not stop")
		}
	})
}

// startCourse makes a course as partlab init does in a new directory and
// serves it as serve does with no files named: its scenarios folder and
// its site.yaml, polled when the test ticks.
func startCourse(t *testing.T, echarts []byte) *preview {
	t.Helper()
	p := &preview{dir: t.TempDir(), tick: make(chan time.Time)}
	if err := os.CopyFS(p.dir, scaffold.Files()); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(p.dir, "scenarios", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the course has no scenario (%v)", err)
	}
	cfg := config(files, echarts)
	cfg.Folder, cfg.SiteFile = filepath.Join(p.dir, "scenarios", "*.yaml"), filepath.Join(p.dir, "site.yaml")
	p.Server = New(cfg)
	p.serve(t)
	return p
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

// read returns one of the preview's files.
func (p *preview) read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(p.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// remove deletes one of the preview's files.
func (p *preview) remove(t *testing.T, name string) {
	t.Helper()
	if err := os.Remove(filepath.Join(p.dir, name)); err != nil {
		t.Fatal(err)
	}
}

// poll makes the server look at its files; it returns once the server has
// taken the tick, and a second tick returns once the first poll is done.
func (p *preview) poll() { p.tick <- time.Time{} }

// settle makes the server look at its files and returns once it is done.
func (p *preview) settle() { p.poll(); p.poll() }

func (p *preview) currentVersion() int {
	p.live.mu.RLock()
	defer p.live.mu.RUnlock()
	return p.live.version
}

func (p *preview) pageVersionOf(name string) int {
	p.live.mu.RLock()
	defer p.live.mu.RUnlock()
	return p.live.pageVersion(name)
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
	r *bufio.Reader
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
	return &stream{r: bufio.NewReader(resp.Body)}
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

// courseScenario is a second page for the init course, with an image.
const courseScenario = "title: Basics\ncells:\n  - md: |\n      ![a diagram](img/diagram.svg)\n  - grid: {keys: [region, subscriber], partitions: [2, 8]}\n"

func diagram(fill string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="` + fill + `"/></svg>`
}
