package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/partlab/partlab/internal/hostcheck"
	"github.com/partlab/partlab/report"
	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/templates"
)

// serveLayout holds what serve adds to the pages it serves; report never
// renders it, so written sites stay as they are.
var serveLayout = template.Must(template.ParseFS(templates.FS, "serve.html"))

const (
	defaultAddr = "127.0.0.1:8000"
	// pollEvery is how often serve looks at the files' modification times
	// and sizes: fast enough to feel live, and a few stat calls cost nothing.
	pollEvery = 200 * time.Millisecond
	// eventsPath is the Server-Sent Events stream the pages listen to.
	eventsPath = "/_partlab/events"
	// maxStreams bounds the open event streams, each a connection and a
	// goroutine: a browser opens a few, one per open page.
	maxStreams = 64
)

var serveCommand = &Command{
	Name:      "serve",
	UsageLine: "partlab serve [--addr host:port] [--allow-remote HOST,…] [--site FILE] [render flags] [compute flags] [FILE…]",
	Short:     "preview the site, rendered again and reloaded on every save",
	Long: `Serve renders the site of the scenario files (default scenarios/*.yaml, where a
file added or removed joins or leaves the site) in memory, with site.yaml's
settings (or --site FILE's), exactly as render would publish it, and serves it at
--addr. It renders again whenever a scenario file, the settings or a file a page
uses (an image) changes, and the open pages that changed reload. A file that
fails keeps its last good page, and its problems, like the settings', are shown
in every page. --addr must be a loopback address unless --allow-remote names the
hosts other machines reach it by: a preview shows unpublished work, and its pages
run scripts. It answers only a request for its own address, localhost,
127.0.0.1, [::1] or those hosts, with its port (421 otherwise). Ctrl-C stops it.`,
	Examples: []Example{
		{"partlab serve", "preview scenarios/*.yaml at http://127.0.0.1:8000, re-rendered as you save"},
		{"partlab serve --addr 127.0.0.1:9000 scenarios/partitions.yaml", "preview one page on another port"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		addr := fs.String("addr", defaultAddr, "listen on `host:port`")
		remote := fs.String("allow-remote", "", "let --addr be an address other machines can reach, by the `HOST,…` they name")
		siteFile := siteFlag(fs)
		rf := addRenderFlags(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, files []string, stdout, stderr io.Writer) error {
			if err := checkAddr(*addr, *remote != ""); err != nil {
				return usageError{error: err}
			}
			if err := rf.check(); err != nil {
				return err
			}
			folder := ""
			if len(files) == 0 {
				var err error
				if files, err = defaultScenarios(); err != nil {
					return err
				}
				folder = defaultFolder
			}
			site, err := rf.site()
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return err
			}
			s := newServer(files, site, flags, stderr)
			s.folder, s.siteFile = folder, *siteFile
			s.remote = strings.Split(*remote, ",")
			s.rebuild(ctx, files)
			if ctx.Err() != nil {
				ln.Close()
				return context.Cause(ctx)
			}
			fmt.Fprintf(stdout, "serving %d scenario files at http://%s/ (Ctrl-C stops)\n", len(files), ln.Addr())
			tick := time.NewTicker(pollEvery)
			defer tick.Stop()
			return s.run(ctx, ln, tick.C)
		}
	},
}

// checkAddr refuses an address other machines can reach unless the command
// line says so: a preview shows unpublished work, and its pages run scripts.
func checkAddr(addr string, remote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %w", addr, err)
	}
	if remote || host == "localhost" { // remote: --allow-remote names hosts
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("--addr %q is not a loopback address: add --allow-remote HOST,… to serve the preview to other machines by those names", addr)
}

// stamp is what polling compares: a save changes the modification time or
// the size; a missing file has neither.
type stamp struct {
	mod  time.Time
	size int64
	err  bool
}

func stampOf(name string) stamp {
	st, err := os.Stat(name)
	if err != nil {
		return stamp{err: true}
	}
	return stamp{mod: st.ModTime(), size: st.Size()}
}

// server is a live preview of a site: one goroutine polls the files and
// renders, many serve what the last render made.
type server struct {
	files []string // the scenario files named on the command line, in order
	// folder, when set, is the glob of the scenario files instead of
	// files: a file added or removed there joins or leaves the site.
	folder string
	// siteFile is --site: the site settings, or "" for site.yaml when there
	// is one.
	siteFile string
	site     reportsite.Site // how pages load ECharts; rebuild sets the rest
	flags    *computeFlags
	log      io.Writer
	now      func() time.Time
	remote   []string // the names other machines reach the server by (--allow-remote)

	streams chan struct{} // a token per open event stream

	// Owned by the polling goroutine.
	stamps   map[string]stamp           // every watched file's: scenarios, settings, images
	good     map[string]report.Notebook // each file's last good computation
	errs     map[string]error           // each file's current problems
	settings *scenarios.Site            // the last good site settings
	siteErr  error                      // the settings' current problems
	siteAt   string                     // the settings' file as last read, and its stamp
	siteSeen stamp
	uses     map[string][]string // each file a page uses (an image) → the scenario files whose pages use it

	mu       sync.RWMutex
	out      map[string][]byte // the last good render of the site
	problems []string          // file:line:col: field: message, one a line
	version  int               // counts renders, good or not
	pages    map[string]int    // each page's path → the version that last changed it
	changed  chan struct{}     // closed, and replaced, when version moves
}

func newServer(files []string, site reportsite.Site, flags *computeFlags, log io.Writer) *server {
	site.Cache = &reportsite.Cache{} // a save renders its page alone again
	return &server{
		files: files, site: site, flags: flags, log: log, now: time.Now,
		stamps: map[string]stamp{}, good: map[string]report.Notebook{}, errs: map[string]error{},
		pages: map[string]int{}, changed: make(chan struct{}), streams: make(chan struct{}, maxStreams),
	}
}

// run serves on ln and polls the files at every tick until ctx is done,
// then shuts the server down: open event streams end with ctx.
func (s *server) run(ctx context.Context, ln net.Listener, tick <-chan time.Time) error {
	hosts, err := hostcheck.New(ln.Addr().String(), s.remote)
	if err != nil {
		ln.Close()
		return err
	}
	srv := &http.Server{
		Handler:           hosts.Handler(s),
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ReadHeaderTimeout: 10 * time.Second,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	for {
		select {
		case <-ctx.Done():
			stop, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			err := srv.Shutdown(stop)
			<-served
			return err
		case err := <-served:
			return err
		case <-tick:
			s.poll(ctx)
		}
	}
}

// scenarioFiles are the site's scenario files now: the folder's, sorted,
// or the command line's.
func (s *server) scenarioFiles() []string {
	if s.folder == "" {
		return s.files
	}
	files, _ := filepath.Glob(s.folder) // the pattern is partlab's own
	return files
}

// settingsFile is the site settings' file, "" when there is none.
func (s *server) settingsFile() string {
	if s.siteFile != "" {
		return s.siteFile
	}
	if _, err := os.Stat(scenarios.SiteFile); err == nil {
		return scenarios.SiteFile
	}
	return ""
}

// poll renders again what changed since the last look: a scenario file
// added, removed or saved is computed again (or dropped), a change to the
// site settings renders the site again without computing anything, and a
// change to a file a page uses (an image) computes its scenarios again.
func (s *server) poll(ctx context.Context) {
	files := s.scenarioFiles()
	var changed []string
	for _, f := range files {
		if st := stampOf(f); st != s.stamps[f] {
			changed = append(changed, f)
		}
	}
	again := !slices.Equal(files, s.files)
	if name := s.settingsFile(); name != s.siteAt || stampOf(name) != s.siteSeen {
		again = true
	}
	for _, used := range slices.Sorted(maps.Keys(s.uses)) {
		if stampOf(used) != s.stamps[used] {
			// Its pages are rendered again from a new computation of theirs.
			for _, f := range s.uses[used] {
				if !slices.Contains(changed, f) && slices.Contains(files, f) {
					changed = append(changed, f)
				}
			}
		}
	}
	if len(changed) > 0 || again {
		s.rebuild(ctx, changed)
	}
}

// rebuild computes the changed files again, keeping each file's last good
// computation when it now fails, reads the site settings, renders the
// whole site in memory as render would publish it and serves it with the
// problems found. Every open page whose render changed reloads.
func (s *server) rebuild(ctx context.Context, changed []string) {
	start := s.now()
	files := s.scenarioFiles()
	for f := range s.good {
		if !slices.Contains(files, f) {
			delete(s.good, f)
		}
	}
	for f := range s.errs {
		if !slices.Contains(files, f) {
			delete(s.errs, f)
		}
	}
	s.files = files
	for _, f := range changed {
		// Stamped before reading, so that a save during the computation is
		// seen at the next poll.
		s.stamps[f] = stampOf(f)
		nb, err := compute(ctx, f, s.flags, s.log)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.errs[f] = err
			continue
		}
		delete(s.errs, f)
		s.good[f] = nb
	}
	s.readSettings()
	var problems []string
	if s.siteErr != nil {
		problems = append(problems, strings.Split(s.siteErr.Error(), "\n")...)
	}
	for _, f := range s.files {
		if err := s.errs[f]; err != nil {
			problems = append(problems, strings.Split(err.Error(), "\n")...)
		}
	}
	out, err := s.assemble()
	if err != nil {
		problems = append(problems, strings.Split(err.Error(), "\n")...)
	}
	s.mu.Lock()
	s.version++
	if out != nil {
		for _, page := range changedPages(s.out, out) {
			s.pages[page] = s.version
		}
		s.out = out
	}
	if !slices.Equal(problems, s.problems) {
		for page := range s.out {
			s.pages[page] = s.version
		}
	}
	s.problems = problems
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()

	took := s.now().Sub(start).Round(time.Millisecond)
	what := strings.Join(changed, ", ")
	if what == "" {
		what = "the site"
	}
	if len(problems) == 0 {
		fmt.Fprintf(s.log, "rendered %s in %v\n", what, took)
		return
	}
	io.WriteString(s.log, printable(fmt.Sprintf("rendered %s in %v with problems, shown in the pages:\n%s\n",
		what, took, strings.Join(problems, "\n"))))
}

// readSettings reads the site settings, which name the scenarios in their
// order, keeping the last good ones while they have problems.
func (s *server) readSettings() {
	name := s.settingsFile()
	s.siteAt, s.siteSeen = name, stampOf(name)
	if name == "" {
		s.settings, s.siteErr = nil, nil
		return
	}
	settings, err := loadSite(name, s.files)
	if err != nil {
		s.siteErr = err
		return
	}
	s.settings, s.siteErr = settings, nil
}

// assemble renders the site of the files' last good computations with the
// site settings, as render would publish it, and notes the files its pages
// use. Of two files that would write the same page, the second is left out
// and named in the error. A site that fails to render leaves out the whole
// site: the last good one stays.
func (s *server) assemble() (map[string][]byte, error) {
	owner := map[string]string{}
	var nbs []report.Notebook
	var errs []error
	for _, f := range s.files {
		nb, ok := s.good[f]
		if !ok {
			continue
		}
		name := nb.Scenario.Name
		if err := reportsite.CheckPageName(nb); err != nil {
			errs = append(errs, err)
			continue
		}
		if other, ok := owner[name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both write %s/: rename one", other, f, name))
			continue
		}
		owner[name] = f
		nbs = append(nbs, nb)
	}
	site := s.site
	site.Notebooks, site.Settings = nbs, s.settings
	out, err := site.Render()
	if err != nil {
		return nil, errors.Join(append(errs, err)...)
	}
	s.uses = map[string][]string{}
	for _, nb := range nbs {
		dir := nb.Scenario.Name + "/"
		for name := range out {
			rest, ok := strings.CutPrefix(name, dir)
			if ok && rest != report.PageFile && rest != report.JSONFile && rest != report.CSVFile {
				used := filepath.Join(filepath.Dir(nb.Scenario.File), filepath.FromSlash(rest))
				s.uses[used] = append(s.uses[used], nb.Scenario.File)
				s.stamps[used] = stampOf(used)
			}
		}
	}
	return out, errors.Join(errs...)
}

// changedPages lists the pages of the new render whose reader sees a
// change: the page itself, or a file in its folder (an image) changed. A
// file at the top (the index, the search index) changes the index.
func changedPages(old, out map[string][]byte) []string {
	touched := map[string]bool{}
	for name, data := range out {
		if prev, ok := old[name]; !ok || !bytes.Equal(prev, data) {
			touched[pageFolder(name)] = true
		}
	}
	for name := range old {
		if _, ok := out[name]; !ok {
			touched[pageFolder(name)] = true
		}
	}
	var pages []string
	for name := range out {
		if path.Ext(name) == ".html" && touched[pageFolder(name)] {
			pages = append(pages, name)
		}
	}
	slices.Sort(pages)
	return pages
}

// pageFolder is the folder of the site a file is in: its page's, or "."
// for the files at the top, the index's.
func pageFolder(name string) string {
	if dir, _, ok := strings.Cut(name, "/"); ok {
		return dir
	}
	return "."
}

// ServeHTTP serves the event stream and the site's files; HTML pages get
// the live-reload script and, while there are problems, their overlay.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == eventsPath {
		s.events(w, r)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if r.URL.Path == "/" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	s.mu.RLock()
	data, ok := s.out[name]
	_, dir := s.out[path.Join(name, "index.html")]
	version, problems := s.pageVersion(name), s.problems
	s.mu.RUnlock()
	switch {
	case !ok && dir:
		// Pages link their neighbours relative to their directory.
		http.Redirect(w, r, "/"+name+"/", http.StatusMovedPermanently)
		return
	case !ok:
		http.NotFound(w, r)
		return
	}
	if path.Ext(name) == ".html" {
		var err error
		if data, err = decorate(data, version, problems); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	// Every render replaces every file: nothing may be cached.
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
}

// pageVersion is the version that last changed the page at name: the
// current one for a page the site no longer has, which then reloads into
// its 404. The caller holds s.mu.
func (s *server) pageVersion(name string) int {
	if v, ok := s.pages[name]; ok {
		if _, still := s.out[name]; still {
			return v
		}
	}
	return s.version
}

// decorate returns a copy of page with the live-reload script at the end of
// its head and, when there are problems, their overlay at the end of its
// body. The first </head> and the last </body> are the page's own: the text
// between them is escaped.
func decorate(page []byte, version int, problems []string) ([]byte, error) {
	var head, body bytes.Buffer
	if err := serveLayout.ExecuteTemplate(&head, "serve-head", strconv.Itoa(version)); err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		if err := serveLayout.ExecuteTemplate(&body, "serve-problems", problems); err != nil {
			return nil, err
		}
	}
	h := bytes.Index(page, []byte("</head>"))
	b := bytes.LastIndex(page, []byte("</body>"))
	if h < 0 || b < h {
		return nil, errors.New("serve: a page without </head> and </body>")
	}
	out := make([]byte, 0, len(page)+head.Len()+body.Len())
	out = append(out, page[:h]...)
	out = append(out, head.Bytes()...)
	out = append(out, page[h:b]...)
	out = append(out, body.Bytes()...)
	return append(out, page[b:]...), nil
}

// events is the Server-Sent Events stream of render versions: the current
// one on connecting, then each new one; with ?page=PATH, the version that
// last changed that page, so that a page reloads only when it changed. It
// ends when the client leaves or the server stops.
func (s *server) events(w http.ResponseWriter, r *http.Request) {
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		http.Error(w, "too many open pages: close some, then reload", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	// A page whose server restarts reconnects within half a second.
	io.WriteString(w, "retry: 500\n")
	page, one := r.URL.Query().Get("page"), r.URL.Query().Has("page")
	page = strings.TrimPrefix(path.Clean("/"+page), "/")
	if strings.HasSuffix(r.URL.Query().Get("page"), "/") {
		page = path.Join(page, "index.html")
	}
	for {
		s.mu.RLock()
		version, changed := s.version, s.changed
		if one {
			version = s.pageVersion(page)
		}
		s.mu.RUnlock()
		fmt.Fprintf(w, "data: %d\n\n", version)
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-changed:
		case <-r.Context().Done():
			return
		}
	}
}
