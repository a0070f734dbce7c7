package preview

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/partlab/partlab/internal/hostcheck"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
)

// PollEvery is how often serve looks at the files' modification times and
// sizes: fast enough to feel live, and a few stat calls cost nothing.
const PollEvery = 200 * time.Millisecond

// Config is what a preview serves and how it computes it.
type Config struct {
	// Files are the scenario files, in order.
	Files []string
	// Folder, when set, is the glob of the scenario files instead of
	// Files: a file added or removed there joins or leaves the site.
	Folder string
	// SiteFile is the site settings' file, or "" for site.yaml in the
	// working folder when there is one.
	SiteFile string
	// Site is how pages load ECharts; every render sets the rest.
	Site site.Site
	// Remote are the names other machines reach the server by, besides its
	// address and the loopback names.
	Remote []string

	// Compute computes a scenario file, as render would.
	Compute func(ctx context.Context, file string) (report.Notebook, error)
	// LoadSettings reads the site settings' file of a site of files.
	LoadSettings func(name string, files []string) (*scenarios.Site, error)
	// Log, when set, is told of each render: its time and its problems,
	// whole lines that quote file names and scenario text as they are.
	Log func(msg string)
}

// Server is a live preview of a site: one goroutine polls the files and
// renders, many serve what the last render made.
type Server struct {
	cfg Config

	// Owned by the polling goroutine.
	watch   watcher
	results results

	live   *live // shared with the requests
	events *events
}

// New returns the preview of cfg's site, which renders nothing until Render.
func New(cfg Config) *Server {
	cfg.Site.Cache = &site.Cache{} // a save renders its page alone again
	if cfg.Log == nil {
		cfg.Log = func(string) {}
	}
	l := newLive()
	return &Server{
		cfg:     cfg,
		watch:   watcher{files: cfg.Files, folder: cfg.Folder, siteFile: cfg.SiteFile, stamps: map[string]stamp{}},
		results: results{good: map[string]report.Notebook{}, errs: map[string]error{}},
		live:    l,
		events:  newEvents(l),
	}
}

// Render computes every scenario file and renders the site: the first
// render, before Serve. It stops early when ctx is done.
func (s *Server) Render(ctx context.Context) {
	s.rebuild(ctx, s.watch.scenarioFiles())
}

// Serve serves on ln and polls the files at every tick until ctx is done,
// then shuts the server down: open event streams end with ctx. It answers
// only requests that name the server (package hostcheck).
func (s *Server) Serve(ctx context.Context, ln net.Listener, tick <-chan time.Time) error {
	hosts, err := hostcheck.New(ln.Addr().String(), s.cfg.Remote)
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

// poll renders again what changed since the last look: a scenario file
// added, removed or saved is computed again (or dropped), a change to the
// site settings renders the site again without computing anything, and a
// change to a file a page uses (an image) computes its scenarios again.
func (s *Server) poll(ctx context.Context) {
	if changed, again := s.watch.changes(); len(changed) > 0 || again {
		s.rebuild(ctx, changed)
	}
}

// rebuild computes the changed files again, keeping each file's last good
// computation when it now fails, reads the site settings, renders the
// whole site in memory as render would publish it and serves it with the
// problems found. Every open page whose render changed reloads.
func (s *Server) rebuild(ctx context.Context, changed []string) {
	start := time.Now()
	files := s.watch.scenarioFiles()
	s.results.keep(files)
	s.watch.files = files
	for _, f := range changed {
		s.watch.see(f)
		nb, err := s.cfg.Compute(ctx, f)
		if ctx.Err() != nil {
			return
		}
		s.results.computed(f, nb, err)
	}
	s.readSettings()
	problems := s.results.problems(files)
	out, err := s.assemble()
	if err != nil {
		problems = append(problems, lines(err)...)
	}
	s.live.publish(out, problems)

	took := time.Since(start).Round(time.Millisecond)
	what := strings.Join(changed, ", ")
	if what == "" {
		what = "the site"
	}
	if len(problems) == 0 {
		s.cfg.Log(fmt.Sprintf("rendered %s in %v\n", what, took))
		return
	}
	s.cfg.Log(fmt.Sprintf("rendered %s in %v with problems, shown in the pages:\n%s\n", what, took, strings.Join(problems, "\n")))
}

// readSettings reads the site settings, which name the scenarios in their
// order, keeping the last good ones while they have problems.
func (s *Server) readSettings() {
	name := s.watch.seeSettings()
	if name == "" {
		s.results.read(nil, nil)
		return
	}
	s.results.read(s.cfg.LoadSettings(name, s.watch.files))
}

// assemble renders the site of the files' last good computations with the
// site settings, as render would publish it, and watches the files its
// pages use. The notebooks that cannot have a page (site.PageNames) are
// left out and named in the error. A site that fails to render leaves out
// the whole site: the last good one stays.
func (s *Server) assemble() (map[string][]byte, error) {
	nbs, named := site.PageNames(s.results.notebooks(s.watch.files))
	st := s.cfg.Site
	st.Notebooks, st.Settings = nbs, s.results.settings
	out, err := st.Render()
	if err != nil {
		return nil, errors.Join(named, err)
	}
	s.watch.watchUses(uses(nbs, out))
	return out, named
}

// uses maps each file the pages of nbs use (an image), by its name on disk,
// to the scenario files whose pages use it: the files of a page's folder in
// out but the page and its results.
func uses(nbs []report.Notebook, out map[string][]byte) map[string][]string {
	uses := map[string][]string{}
	for _, nb := range nbs {
		dir := nb.Scenario.Name + "/"
		for name := range out {
			rest, ok := strings.CutPrefix(name, dir)
			if ok && rest != report.PageFile && rest != report.JSONFile && rest != report.CSVFile {
				used := filepath.Join(filepath.Dir(nb.Scenario.File), filepath.FromSlash(rest))
				uses[used] = append(uses[used], nb.Scenario.File)
			}
		}
	}
	return uses
}
