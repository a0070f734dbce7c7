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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/partlab/partlab/internal/hostcheck"
	"github.com/partlab/partlab/report"
	reportsite "github.com/partlab/partlab/report/site"
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
	UsageLine: "partlab serve [--addr host:port] [--allow-remote HOST,…] [render flags] [compute flags] [FILE…]",
	Short:     "preview the site, rendered again and reloaded on every save",
	Long: `Serve renders the scenario files (default scenarios/*.yaml) in memory and serves
the site at --addr; it renders a file again whenever it changes, and every open
page reloads. A file that fails keeps its last good page, and its problems are
shown in every page. --addr must be a loopback address unless --allow-remote
names the hosts other machines reach it by: a preview shows unpublished work, and
its pages run scripts. It answers only a request for its own address, localhost,
127.0.0.1, [::1] or those hosts, with its port (421 otherwise). Ctrl-C stops it.`,
	Flags: func(fs *flag.FlagSet) runFunc {
		addr := fs.String("addr", defaultAddr, "listen on `host:port`")
		remote := fs.String("allow-remote", "", "let --addr be an address other machines can reach, by the `HOST,…` they name")
		rf := addRenderFlags(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, files []string, stdout, stderr io.Writer) error {
			if err := checkAddr(*addr, *remote != ""); err != nil {
				return usageError{error: err}
			}
			if err := rf.check(); err != nil {
				return err
			}
			if len(files) == 0 {
				var err error
				if files, err = defaultScenarios(); err != nil {
					return err
				}
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
	files  []string
	site   reportsite.Site // how pages load ECharts; rebuild sets its notebooks
	flags  *computeFlags
	log    io.Writer
	now    func() time.Time
	remote []string // the names other machines reach the server by (--allow-remote)

	streams chan struct{} // a token per open event stream

	// Owned by the polling goroutine.
	stamps map[string]stamp
	good   map[string]rendered // each file's last good render
	errs   map[string]error    // each file's current problems

	mu       sync.RWMutex
	out      map[string][]byte // the last good render of the site
	problems []string          // file:line:col: field: message, one a line
	version  int               // counts renders, good or not
	changed  chan struct{}     // closed, and replaced, when version moves
}

func newServer(files []string, site reportsite.Site, flags *computeFlags, log io.Writer) *server {
	return &server{
		files: files, site: site, flags: flags, log: log, now: time.Now,
		stamps: map[string]stamp{}, good: map[string]rendered{}, errs: map[string]error{},
		changed: make(chan struct{}), streams: make(chan struct{}, maxStreams),
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

// poll renders again if a scenario file changed since the last look. The
// site settings and the images the scenarios use join the watched files
// here when they exist.
func (s *server) poll(ctx context.Context) {
	var changed []string
	for _, f := range s.files {
		if st := stampOf(f); st != s.stamps[f] {
			changed = append(changed, f)
		}
	}
	if len(changed) > 0 {
		s.rebuild(ctx, changed)
	}
}

// rendered is one scenario file's computation and its outputs: its page,
// its results and the assets its page loads.
type rendered struct {
	nb  report.Notebook
	out map[string][]byte
}

// rebuild computes and renders the changed files again, keeping each file's
// last good render when it now fails, puts the site together in memory and
// publishes it with the problems found. Files that did not change are not
// rendered again: only the index, which lists them all, is. Every open page
// learns of the new version and reloads.
func (s *server) rebuild(ctx context.Context, changed []string) {
	start := s.now()
	for _, f := range changed {
		// Stamped before reading, so that a save during the computation is
		// seen at the next poll.
		s.stamps[f] = stampOf(f)
		r, err := s.render(ctx, f)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.errs[f] = err
			continue
		}
		delete(s.errs, f)
		s.good[f] = r
	}
	var problems []string
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
	if out != nil {
		s.out = out
	}
	s.problems = problems
	s.version++
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()

	took := s.now().Sub(start).Round(time.Millisecond)
	if len(problems) == 0 {
		fmt.Fprintf(s.log, "rendered %s in %v\n", strings.Join(changed, ", "), took)
		return
	}
	io.WriteString(s.log, printable(fmt.Sprintf("rendered %s in %v with problems, shown in the pages:\n%s\n",
		strings.Join(changed, ", "), took, strings.Join(problems, "\n"))))
}

// render computes one file and renders it as a site of its own, whose
// index the whole site's replaces.
func (s *server) render(ctx context.Context, file string) (rendered, error) {
	nb, err := compute(ctx, file, s.flags, s.log)
	if err != nil {
		return rendered{}, err
	}
	site := s.site
	site.Notebooks = []report.Notebook{nb}
	out, err := site.Render()
	if err != nil {
		return rendered{}, err
	}
	return rendered{nb: nb, out: out}, nil
}

// assemble puts the files' last good renders together under an index of them
// all. Of two files that would write the same page, the second is left out
// and named in the error. An index that fails to render leaves out the
// whole site: the last good one stays.
func (s *server) assemble() (map[string][]byte, error) {
	out := map[string][]byte{}
	owner := map[string]string{}
	var nbs []report.Notebook
	var errs []error
	for _, f := range s.files {
		r, ok := s.good[f]
		if !ok {
			continue
		}
		name := r.nb.Scenario.Name
		if other, ok := owner[name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both write %s/: rename one", other, f, name))
			continue
		}
		owner[name] = f
		nbs = append(nbs, r.nb)
		maps.Copy(out, r.out)
	}
	var index bytes.Buffer
	if err := reportsite.Index(&index, nbs); err != nil {
		return nil, err
	}
	out["index.html"] = index.Bytes()
	return out, errors.Join(errs...)
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
	version, problems := s.version, s.problems
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
// one on connecting, then each new one. It ends when the client leaves or
// the server stops.
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
	for {
		s.mu.RLock()
		version, changed := s.version, s.changed
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
