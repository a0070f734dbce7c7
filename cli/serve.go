package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/partlab/partlab/cli/internal/preview"
	"github.com/partlab/partlab/report"
)

const defaultAddr = "127.0.0.1:8000"

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
			s := preview.New(preview.Config{
				Files: files, Folder: folder, SiteFile: *siteFile, Site: site,
				Remote: strings.Split(*remote, ","),
				Compute: func(ctx context.Context, file string) (report.Notebook, error) {
					return compute(ctx, file, flags, stderr)
				},
				LoadSettings: loadSite,
				Log:          func(msg string) { io.WriteString(stderr, printable(msg)) },
			})
			s.Render(ctx)
			if ctx.Err() != nil {
				ln.Close()
				return context.Cause(ctx)
			}
			fmt.Fprintf(stdout, "serving %d scenario files at http://%s/ (Ctrl-C stops)\n", len(files), ln.Addr())
			tick := time.NewTicker(preview.PollEvery)
			defer tick.Stop()
			return s.Serve(ctx, ln, tick.C)
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
