package site

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/testtool"
)

// a4Width is an A4 page's width in CSS pixels (210 mm at 96 px to the inch).
const a4Width = 794

// onPaper checks a page as printed at A4 width: the charts are drawn for
// paper as SVG, no chart intersects a table or overflows its figure,
// tables do not scroll, the contents, navigation and controls are hidden,
// the scenario's YAML is open and the student's answers closed, each a box
// to write in.
func onPaper(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: a4Width, Height: 1123, DeviceScaleFactor: 1}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(chartsDrawn, "print"),
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		return fmt.Errorf("charts not drawn for print: %w", err)
	}
	// Print media alone draws every chart, those no reader scrolled to too.
	if err := everyChart(ctx); err != nil {
		return fmt.Errorf("on paper: %w", err)
	}
	js := `(function () {
		var bad = [];
		// A table in a closed answer is not drawn, though it keeps a box.
		var drawn = Array.prototype.filter.call(document.querySelectorAll("table"), function (t) { return !t.closest("details:not([open])"); });
		var tables = drawn.map(function (t) { return t.getBoundingClientRect(); });
		if (document.querySelector(".chart canvas")) { return "a chart is drawn on a canvas, not as SVG"; }
		var canvases = document.querySelectorAll(".chart > div > svg");
		if (canvases.length === 0) { return "no SVG chart"; }
		canvases.forEach(function (c, i) {
			if (c.closest("details:not([open])")) { return; }
			var r = c.getBoundingClientRect();
			tables.forEach(function (t, j) {
				if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) {
					bad.push("canvas " + i + " [" + [r.left, r.top, r.right, r.bottom].join(",") + "] intersects table " + j + " [" + [t.left, t.top, t.right, t.bottom].join(",") + "] in " + (drawn[j].closest("[id]") || {}).id);
				}
			});
			var f = c.closest(".chart-figure").getBoundingClientRect();
			if (r.right > f.right + 0.5 || r.width > 703) {
				bad.push("canvas " + i + " is " + r.width + " px wide, past its figure or the paper");
			}
		});
		document.querySelectorAll(".table-wrap").forEach(function (w, i) {
			if (getComputedStyle(w).overflowX !== "visible") { bad.push("table " + i + " scrolls"); }
		});
		document.querySelectorAll(".contents, .crumbs, .controls").forEach(function (n) {
			if (n.offsetHeight > 0) { bad.push(n.className + " is shown"); }
		});
		document.querySelectorAll("details:not(.answer)").forEach(function (d, i) {
			if (!d.open) { bad.push("details " + i + " is closed"); }
		});
		document.querySelectorAll("details.answer").forEach(function (d, i) {
			if (d.open) { bad.push("answer " + i + " is open"); }
			if (d.offsetHeight < 100) { bad.push("answer " + i + " leaves " + d.offsetHeight + " px to write in"); }
		});
		return bad.length ? bad.join("; ") : "ok";
	}())`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		return err
	}
	if got != "ok" {
		return fmt.Errorf("on paper: %s", got)
	}
	return nil
}

// TestPrintLayout opens the lesson and the Day 24 lab under print media at
// A4 width: no chart canvas may intersect a table (issue 11: printing laid
// each chart's canvas over the table beside it).
func TestPrintLayout(t *testing.T) {
	t.Parallel()
	_, shots := browserNeeds(t)
	site := t.TempDir()
	nb, day24 := lesson(t), lab(t)
	if err := (Site{Notebooks: []Notebook{nb, day24}}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{nb.Scenario.Name, day24.Scenario.Name} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			png := filepath.Join(shots, "print-"+name+".png")
			if errs := open(t, filepath.Join(site, name, pageFile), visit{}, png, onPaper); len(errs) > 0 {
				t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

// figcaption finds the charts' titles on a page.
var figcaption = regexp.MustCompile(`<figcaption><strong>([^<]+)</strong>`)

// pdfTools are what a PDF test needs: Chromium to print and pdftotext to
// read the PDF back; without either it is skipped (failed in CI).
func pdfTools(t *testing.T) (chromium, pdftotext string) {
	t.Helper()
	testtool.Slow(t, "prints with Chromium")
	chromium, err := FindChromium()
	testtool.Need(t, "the PDF test needs Chromium", err)
	pdftotext, err = exec.LookPath("pdftotext")
	testtool.Need(t, "the PDF test reads the PDF with pdftotext (apt-get install poppler-utils; .ci/run does)", err)
	return chromium, pdftotext
}

// TestPDF prints the lesson and a grid of 3 consumer counts × 48 rows with
// render --pdf's path, in one run of Chromium. The lesson's PDF sits beside
// the page, which links it, and holds the lesson's figures (every chart's
// title and figures of its tables) on two or more A4 pages. The grid's page
// shows one consumer count's table at a time behind a control: its PDF
// holds every consumer count's table, bookmarks from the headings, and the
// chart's legend as text.
func TestPDF(t *testing.T) {
	t.Parallel()
	exe, pdftotext := pdfTools(t)
	nb := lesson(t)
	wide := notebook(t, "wide.yaml", `title: Three consumer counts
cells:
  - md: "## The grid"
  - grid: {id: g, keys: [subscriber, record, period], partitions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], consumers: [2, 4, 6]}
`)
	if html := page(t, wide, copied); strings.Count(html, "<caption><span>Consumer group of") != 1 || !strings.Contains(html, `<div class="switch" id="table_g_groups">`) {
		t.Fatal("the grid's page does not show one consumer count's table behind a control")
	}
	dir := filepath.Join(t.TempDir(), "out")
	if err := (Site{Notebooks: []Notebook{nb, wide}}).WritePrinted(t.Context(), dir, exe, io.Discard); err != nil {
		t.Fatal(err)
	}
	t.Run("lesson", func(t *testing.T) {
		name := filepath.Join(dir, nb.Scenario.Name, nb.Scenario.Name+".pdf")
		index, err := os.ReadFile(filepath.Join(dir, nb.Scenario.Name, pageFile))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(index), `href="messaging-systems.pdf"`) {
			t.Error("the page does not link its PDF")
		}
		pdf, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, varying := range []string{"partlab-print-", "/CreationDate", "/ModDate"} {
			if strings.Contains(string(pdf), varying) {
				t.Errorf("the PDF holds %s, which differs from run to run", varying)
			}
		}
		out, err := exec.Command(pdftotext, "-layout", name, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", name, err)
		}
		pages := strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
		// pageOf is the first page (from 1) that holds s, words apart as they may be.
		pageOf := func(s string) int {
			words := strings.Fields(s)
			for i, p := range pages {
				if strings.Contains(strings.Join(strings.Fields(p), " "), strings.Join(words, " ")) {
					return i + 1
				}
			}
			return 0
		}
		titles := figcaption.FindAllStringSubmatch(string(index), -1)
		if len(titles) == 0 {
			t.Fatal("the page has no chart")
		}
		on := map[int]bool{}
		for _, m := range titles {
			title := html.UnescapeString(m[1])
			p := pageOf(title)
			if p == 0 {
				t.Errorf("the PDF lacks the chart %q", title)
			}
			on[p] = true
		}
		// Figures of the lesson's own output (testdata/lesson.txt): computed
		// consumption and serving deviations.
		for _, fig := range []string{"1076", "-977.27", "180.55", "-24.09"} {
			if pageOf(fig) == 0 {
				t.Errorf("the PDF lacks the lesson's figure %s", fig)
			}
		}
		if len(pages) < 2 || len(on) < 2 {
			t.Errorf("the PDF has %d pages, the charts are on %d of them; want the figures on two or more", len(pages), len(on))
		}
	})
	t.Run("every-variant", func(t *testing.T) {
		name := filepath.Join(dir, "wide", "wide.pdf")
		pdf, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, name, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", name, err)
		}
		text := strings.Join(strings.Fields(string(out)), " ")
		for _, n := range []string{"2 consumers", "4 consumers", "6 consumers"} {
			caption := "Consumer group of " + n + "; the healthy pipeline computes"
			if c := strings.Count(text, caption); c != 1 {
				t.Errorf("the PDF holds the table %q %d times, want once", caption, c)
			}
		}
		if !bytes.Contains(pdf, []byte("/Outlines")) {
			t.Error("the PDF has no outline (bookmarks)")
		}
		// The speedup chart's legend is text in the PDF: the three consumer
		// counts' tables name the ideal in a column, and the legend a fourth time.
		if n := strings.Count(text, "ideal min(C, P)"); n < 4 {
			t.Errorf("the PDF names the ideal %d times, want the three tables' columns and the chart's legend", n)
		}
	})
}

// TestReproduciblePDF checks that a PDF's dates are blanked out with the
// offsets after them unchanged.
func TestReproduciblePDF(t *testing.T) {
	created, modified := "/CreationDate (D:20261130075725+00'00')", "/ModDate (D:20261130075725+00'00')"
	in := "<</Producer (Skia/PDF m156)\n" + created + "\n" + modified + ">>\nendobj"
	want := "<</Producer (Skia/PDF m156)\n" + strings.Repeat(" ", len(created)) + "\n" + strings.Repeat(" ", len(modified)) + ">>\nendobj"
	if got := string(reproducible([]byte(in))); got != want {
		t.Errorf("reproducible:\n%q\nwant\n%q", got, want)
	}
}

// printsWhole is what a reader who presses Ctrl+P right after load gets:
// the page goes to print media and beforeprint fires, and the paper is laid
// out at once, before any promise or network answer. It checks, at that
// moment, that every chart box is either a drawn SVG chart or hidden with
// the table beside it shown, never an empty box; drawn says whether every
// chart must be drawn (ECharts had run, or the page holds its copy).
func printsWhole(drawn bool) func(context.Context) error {
	return func(ctx context.Context) error {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			return err
		}
		js := fmt.Sprintf(`(function () {
			window.dispatchEvent(new Event("beforeprint"));
			var empty = [], tables = 0, charts = 0;
			var els = document.querySelectorAll(".chart");
			if (!els.length) { return "no chart box"; }
			els.forEach(function (el) {
				var table = el.closest(".chart-pair").querySelector("table");
				if (el.offsetHeight > 0 && el.querySelector("svg")) { charts++; return; }
				if (el.offsetHeight === 0 && table && table.offsetHeight > 0) { tables++; return; }
				empty.push(el.id);
			});
			if (empty.length) { return "printed as empty boxes: " + empty.join(", "); }
			if (%t && tables) { return tables + " of " + els.length + " charts print as their tables, want every chart drawn"; }
			return "ok";
		}())`, drawn)
		return evaluate(js)(ctx)
	}
}

// firstDrawn scrolls to the far page's first chart, waits until it is drawn
// and scrolls back to the top, so that ECharts has run while the later
// grid's charts are not drawn.
func firstDrawn(ctx context.Context) error {
	if err := evaluate(`(document.getElementById("chart_near_load").scrollIntoView(), "ok")`)(ctx); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](`typeof echarts !== "undefined" && echarts.getInstanceByDom(document.getElementById("chart_near_load")) ? "ok" : ""`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		return fmt.Errorf("scrolled to, the first chart is not drawn: %w", err)
	}
	return evaluate(`(window.scrollTo(0, 0), document.querySelector(".chart:not(.drawn)") ? "ok" : "every chart is drawn before printing")`)(ctx)
}

// TestPrintRightAfterLoad prints pages right after they load, with no
// scroll (issue 29: Ctrl+P on a page whose charts were never near the
// viewport printed empty chart boxes): a page whose ECharts is still to be
// fetched prints each chart as its table, a self-contained one and one
// whose ECharts has run for its first chart draw every chart before the
// paper is laid out, and one whose ECharts cannot load prints the tables.
func TestPrintRightAfterLoad(t *testing.T) {
	script, shots := browserNeeds(t)
	distant := far(t)
	fetched, inline, broken := t.TempDir(), t.TempDir(), t.TempDir()
	for _, s := range []struct {
		dir string
		s   Site
	}{
		{fetched, Site{Notebooks: []Notebook{distant}, ECharts: script}},
		{inline, Site{Notebooks: []Notebook{distant}, ECharts: script, SelfContained: true}},
		{broken, Site{Notebooks: []Notebook{distant}, CDN: "missing/echarts.min.js"}},
	} {
		if err := s.s.Write(s.dir, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	at := func(dir, name string) string { return filepath.Join(dir, name, pageFile) }
	tests := []struct {
		name  string
		path  string
		check func(context.Context) error
		quiet bool // the broken page reports the script that did not load
	}{
		{"far-fetched", at(fetched, distant.Scenario.Name), printsWhole(false), false},
		{"far-self-contained", at(inline, distant.Scenario.Name), printsWhole(true), false},
		{"far-echarts-ran", at(fetched, distant.Scenario.Name), all(firstDrawn, printsWhole(true)), false},
		{"far-no-echarts", at(broken, distant.Scenario.Name), printsWhole(false), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			png := filepath.Join(shots, "print-now-"+tt.name+".png")
			if errs := open(t, tt.path, visit{width: a4Width}, png, tt.check); len(errs) > 0 && !tt.quiet {
				t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

// outlineItem finds a bookmark's title in pdftohtml's XML.
var outlineItem = regexp.MustCompile(`<item page="\d+">([^<]*)</item>`)

// heading finds the headings of a page, their text with the markup inside
// them.
var heading = regexp.MustCompile(`(?s)<h([1-6])\b[^>]*>(.*?)</h[1-6]>`)

// TestPDFOutline prints the Day 24 lab, whose title wraps on A4, and reads
// its bookmarks back with pdftohtml: each is the text of a heading of the
// page, the first the title (issue 29: a bookmark lost the space where its
// heading wrapped, "speed, andorder").
func TestPDFOutline(t *testing.T) {
	exe, _ := pdfTools(t)
	pdftohtml, err := exec.LookPath("pdftohtml")
	testtool.Need(t, "the PDF test reads the outline with pdftohtml (apt-get install poppler-utils)", err)
	nb := lab(t)
	dir := filepath.Join(t.TempDir(), "out")
	if err := (Site{Notebooks: []Notebook{nb}}).WritePrinted(t.Context(), dir, exe, io.Discard); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, nb.Scenario.Name, pageFile))
	if err != nil {
		t.Fatal(err)
	}
	tags := regexp.MustCompile(`<[^>]*>`)
	headings := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(string(index), -1) {
		headings[html.UnescapeString(tags.ReplaceAllString(m[2], ""))] = true
	}
	name := filepath.Join(dir, nb.Scenario.Name, nb.Scenario.Name+".pdf")
	out, err := exec.Command(pdftohtml, "-xml", "-stdout", "-i", "-q", name).Output()
	if err != nil {
		t.Fatalf("pdftohtml %s: %v", name, err)
	}
	items := outlineItem.FindAllStringSubmatch(string(out), -1)
	if len(items) < 10 {
		t.Fatalf("the PDF has %d bookmarks, want one per heading of the lab", len(items))
	}
	if got := html.UnescapeString(items[0][1]); got != nb.Scenario.Title {
		t.Errorf("the first bookmark is %q, want the page's title %q", got, nb.Scenario.Title)
	}
	for _, m := range items {
		if title := html.UnescapeString(m[1]); !headings[title] {
			t.Errorf("the bookmark %q is the text of no heading of the page", title)
		}
	}
}
