package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
)

// chromiums are the names a headless Chromium goes by on PATH.
var chromiums = []string{"chromium", "chromium-browser", "google-chrome"}

// FindChromium finds the Chromium that render --pdf prints with.
func FindChromium() (string, error) {
	for _, name := range chromiums {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("render --pdf prints with a headless Chromium and none of %s is on PATH: install one (apt-get install chromium)", strings.Join(chromiums, ", "))
}

// pageTimeout bounds the printing of one page: loading, drawing its charts
// and making the PDF.
const pageTimeout = time.Minute

// MaxPrintedPage bounds the HTML of a page printed to PDF: Chromium takes
// about a hundred times a page's size to lay it out and print it (a 72 MB
// page took 7 GB), so a larger page is refused before Chromium starts.
const MaxPrintedPage = 16 << 20

// jsHeap bounds, in MiB, the JavaScript heap of the Chromium that prints.
const jsHeap = 512

// WritePrinted is Write with a PDF of every scenario's page beside it,
// NAME/NAME.pdf, linked from the page's header. The pages are rendered in
// memory, printed from a temporary copy by the Chromium at chromium (see
// FindChromium), and then published with their PDFs in one step, so a
// failure anywhere leaves dir as it was.
func (s Site) WritePrinted(ctx context.Context, dir, chromium string, progress io.Writer) error {
	s.pdf = true
	return publish.Publisher{Progress: progress}.Update(dir, func(real string) (publish.Build, error) {
		b, err := s.build(real)
		if err != nil {
			return publish.Build{}, err
		}
		var names []string
		for _, nb := range s.Notebooks {
			names = append(names, nb.Scenario.Name)
		}
		pdfs, err := printPages(ctx, chromium, b.Files, names)
		if err != nil {
			return publish.Build{}, err
		}
		b.Files = append(b.Files, pdfs...)
		return b, nil
	})
}

// printPages writes files into a temporary folder and prints the page of
// each scenario named there to A4 PDF, with its backgrounds, as it prints on
// paper: print media, charts drawn for the paper.
func printPages(ctx context.Context, chromium string, files []publish.File, names []string) ([]publish.File, error) {
	tmp, err := os.MkdirTemp("", "partlab-print-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var pages []string
	for _, f := range files {
		if path.Base(f.Path) == report.PageFile && slices.Contains(names, path.Dir(f.Path)) {
			if len(f.Data) > MaxPrintedPage {
				return nil, fmt.Errorf("print %s to PDF: the page is %d bytes, past the %d (16 MiB) a PDF is made from; leave out --pdf, or make the page smaller", f.Path, len(f.Data), MaxPrintedPage)
			}
			pages = append(pages, f.Path)
		}
	}
	for _, f := range files {
		name := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(filepath.Join(tmp, ".chromium")),
		chromedp.CombinedOutput(io.Discard),
		// Offline as well as intercepted (see offline): every name
		// resolves to nothing, and every address, loopback too, goes
		// through a proxy that is not there.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
		chromedp.ProxyServer("127.0.0.1:9"),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
		chromedp.Flag("js-flags", fmt.Sprintf("--max-old-space-size=%d", jsHeap)),
	)
	if os.Geteuid() == 0 {
		// Chromium refuses to run as root in its sandbox (a container,
		// CI); the pages it prints are partlab's own, from disk.
		opts = append(opts, chromedp.NoSandbox)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	browser, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser); err != nil {
		return nil, fmt.Errorf("start %s to print the pages: %w", chromium, err)
	}
	var out []publish.File
	for _, p := range pages {
		pdf, err := printPage(browser, tmp, filepath.Join(tmp, filepath.FromSlash(p)))
		if err != nil {
			if ctx.Err() != nil {
				return nil, context.Cause(ctx)
			}
			return nil, fmt.Errorf("print %s to PDF: %w", p, err)
		}
		dir := path.Dir(p)
		out = append(out, publish.File{Path: dir + "/" + report.PDFFile(path.Base(dir)), Data: pdf})
	}
	return out, nil
}

// drawAll has the page draw every chart at once, which it otherwise draws
// only as a reader nears it: it resolves to true once every chart is
// drawn, to false when ECharts did not load (the boxes say so, and their
// tables hold the figures), and is true on a page without partlab's charts.
const drawAll = `typeof partlab === "undefined" ? true : partlab.drawAll()`

// chartsDrawn is a script that is "none" for a page without partlab's
// charts (or without ECharts), want (%q) once every chart is drawn for the
// screen or for print, and "" until then.
const chartsDrawn = `(function () {
	if (typeof partlab === "undefined") { return "none"; }
	var r = partlab.ready();
	return r === %[1]q || r === "none" ? r : "";
}())`

// printPage prints the page at name in a new tab of browser, which reads
// only the files under dir.
func printPage(browser context.Context, dir, name string) ([]byte, error) {
	tab, cancel := chromedp.NewContext(browser)
	defer cancel()
	ctx, cancelStep := context.WithTimeout(tab, pageTimeout)
	defer cancelStep()
	if err := offline(ctx, dir); err != nil {
		return nil, err
	}
	wait := func(media string) error {
		_, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(chartsDrawn, media),
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if err != nil {
			return fmt.Errorf("waiting for the charts to be drawn for %s: %w", media, err)
		}
		return nil
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.ToSlash(name))); err != nil {
		return nil, err
	}
	// The page draws a chart as a reader nears it; drawAll draws them all.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](drawAll, chromedp.EvalAwaitPromise)); err != nil {
		return nil, fmt.Errorf("drawing the charts: %w", err)
	}
	if err := wait("screen"); err != nil {
		return nil, err
	}
	// Print media before printing, so that the page's listener draws the
	// charts for paper, and the PDF waits for them.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		return nil, err
	}
	if err := wait("print"); err != nil {
		return nil, err
	}
	// A link to a file beside the page (results.json, the index) would be
	// an absolute file:// link into the temporary folder: useless in the
	// PDF, and different each run. It stays as text; links to the web and
	// within the page stay links.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](localLinks)); err != nil {
		return nil, err
	}
	// The outline (bookmarks) comes from the page's headings, which a
	// tagged PDF needs; the charts, drawn as SVG for paper, keep their text.
	yes := true
	res, err := chromedp.Call(ctx, cdppage.PrintToPDF, cdppage.PrintToPDFParams{
		PrintBackground:         &yes,
		PreferCSSPageSize:       &yes,
		GenerateTaggedPDF:       &yes,
		GenerateDocumentOutline: &yes,
		PaperWidth:              8.27, PaperHeight: 11.69, // A4 in inches, where the CSS names no size
	})
	if err != nil {
		return nil, err
	}
	if len(res.Data) == 0 {
		return nil, errors.New("chromium returned an empty PDF")
	}
	return reproducible(res.Data), nil
}

// offline has the tab of ctx fail every request but for a file under dir,
// the page's own: a scenario's Markdown may name an image on any address
// (![r](http://127.0.0.1:8080/x.png)), or a file elsewhere on the disk,
// and printing must reach neither.
func offline(ctx context.Context, dir string) error {
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	go func() {
		for e, err := range paused {
			if err != nil {
				return
			}
			if own(e.Request.URL, dir) {
				chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
			} else {
				chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			}
		}
	}()
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	return err
}

// own reports whether the URL a page requests is a file under dir.
func own(rawURL, dir string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && u.Scheme == "file" && (u.Host == "" || u.Host == "localhost") &&
		strings.HasPrefix(path.Clean(u.Path), filepath.ToSlash(dir)+"/")
}

// localLinks unlinks the page's links to other files on disk.
const localLinks = `(function () {
	document.querySelectorAll("a[href]").forEach(function (a) {
		if (a.protocol === "file:" && a.pathname !== location.pathname) { a.removeAttribute("href"); }
	});
	return true;
}())`

// printDate is the date Chromium stamps on a PDF, the one thing that makes
// two prints of a page differ.
var printDate = lazyregexp.New(`/(CreationDate|ModDate) \(D:[^)]*\)`)

// reproducible blanks out the PDF's creation and modification dates, so
// that the same page prints to the same bytes: spaces of the same length
// keep the offsets of the PDF's cross-reference table true.
func reproducible(pdf []byte) []byte {
	return printDate.ReplaceAllFunc(pdf, func(m []byte) []byte { return bytes.Repeat([]byte(" "), len(m)) })
}
