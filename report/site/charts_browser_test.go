package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// maxBigPage is the most HTML the big grid's page may hold.
const maxBigPage = 1_500_000

// evaluate runs js, which returns "ok" or what is wrong.
func evaluate(js string) func(context.Context) error {
	return func(ctx context.Context) error {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			return err
		}
		if got != "ok" {
			return fmt.Errorf("%s", got)
		}
		return nil
	}
}

// all runs checks in order and stops at the first that fails.
func all(checks ...func(context.Context) error) func(context.Context) error {
	return func(ctx context.Context) error {
		for _, c := range checks {
			if err := c(ctx); err != nil {
				return err
			}
		}
		return nil
	}
}

// switches selects the last option of the first control of chart id and
// checks that the chart's data and the first figure of its table change to
// the chosen variant's.
func switches(id string) func(context.Context) error {
	return evaluate(fmt.Sprintf(`(function () {
		var el = document.getElementById(%q);
		var chart = echarts.getInstanceByDom(el);
		var data = function () { return chart.getOption().series.map(function (s) { return s.data; }); };
		var before = JSON.stringify(data());
		var box = el.closest(".switch");
		var select = box.querySelector(".controls select");
		if (!select) { return "chart " + el.id + " has no control"; }
		select.selectedIndex = select.options.length - 1;
		select.dispatchEvent(new Event("change"));
		var after = data();
		if (JSON.stringify(after) === before) { return "selecting " + select.value + " left the chart's data as it was: " + before; }
		var cell = box.querySelector("tbody tr").cells[1].textContent;
		if (Number(cell) !== Number(after[0][0])) { return "the table shows " + cell + ", the chart " + after[0][0]; }
		return "ok";
	}())`, id))
}

// legible checks every drawn chart's legend: never paged, inside the chart,
// above the plot.
var legible = evaluate(`(function () {
	var out = [];
	document.querySelectorAll(".chart").forEach(function (el) {
		var chart = echarts.getInstanceByDom(el), o = chart.getOption();
		if (!o.legend || !o.legend.length || o.legend[0].show === false) { return; }
		if (o.legend[0].type === "scroll") { out.push(el.id + ": the legend pages"); }
		var view = chart.getViewOfComponentModel(chart.getModel().getComponent("legend"));
		var r = view.group.getBoundingRect();
		var left = view.group.x + r.x, top = view.group.y + r.y;
		var plot = chart.getModel().getComponent("grid").coordinateSystem.getRect();
		if (left < 0 || left + r.width > el.clientWidth + 1) { out.push(el.id + ": the legend spans " + left + "…" + (left + r.width) + " of " + el.clientWidth + " px"); }
		if (top + r.height > plot.y) { out.push(el.id + ": the legend ends at " + (top + r.height) + " px, below the plot's top " + plot.y); }
	});
	return out.length ? out.join("; ") : "ok";
}())`)

// undrawable has the page draw every chart, and checks that ECharts did
// not load.
func undrawable(ctx context.Context) error {
	ok, err := drawEverything(ctx)
	if err == nil && ok {
		err = errors.New("ECharts loaded from a script that is missing")
	}
	return err
}

// fallback checks that every chart box says in text that ECharts did not
// load and points to the table.
var fallback = evaluate(`(function () {
	var els = document.querySelectorAll(".chart");
	if (!els.length) { return "no chart box"; }
	for (var i = 0; i < els.length; i++) {
		var text = els[i].innerText;
		if (els[i].offsetHeight === 0 || text.indexOf("ECharts did not load") < 0 || text.indexOf("table") < 0) {
			return els[i].id + " says " + JSON.stringify(text);
		}
	}
	return "ok";
}())`)

// everyChart checks that every chart box holds a drawn chart.
var everyChart = evaluate(`(function () {
	if (typeof echarts === "undefined") { return "ECharts did not run"; }
	var els = document.querySelectorAll(".chart"), undrawn = [];
	els.forEach(function (el) { if (!echarts.getInstanceByDom(el)) { undrawn.push(el.id); } });
	return !els.length ? "no chart box" : undrawn.length ? "charts not drawn: " + undrawn.join(", ") : "ok";
}())`)

// far is a page whose two grids are each a few screens below the text
// before them, at 1280 px as at 390, so that no chart is near the viewport
// when it opens.
func far(t testing.TB) Notebook {
	text := strings.Repeat("      A paragraph between the page's top and its charts, long enough to wrap on a phone.\n\n", 80)
	return notebook(t, "far.yaml", "title: Far charts\ncells:\n  - md: |\n"+text+
		"  - grid: {id: near, keys: [subscriber], partitions: [1, 2, 4], consumers: [2]}\n  - md: |\n"+text+
		"  - grid: {id: later, keys: [record], partitions: [1, 2, 4], consumers: [2]}\n")
}

// settled waits until the page has been laid out and painted twice since
// charts.js began observing its chart boxes, so that the observer has
// reported which are near the viewport, and whatever that started has
// begun.
const settled = `new Promise(function (resolve) {
	requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(resolve, 0); }); });
})`

// lazily checks a page whose charts are far below its top (far): once
// opened and painted, ECharts has not run and no script element or request
// fetched it; scrolled to the first chart, that chart draws, and ECharts
// was fetched by one request (fetched: from a file; else run from the
// page's own copy, with none), while the charts of the later grid, screens
// below, are not drawn yet.
func lazily(fetched bool) func(context.Context) error {
	state := `(function () {
		var scripts = document.querySelectorAll("script[src*=echarts]").length;
		return (typeof echarts === "undefined" ? "not run" : "run") + ", scripts " + scripts;
	}())`
	return func(ctx context.Context) error {
		var mu sync.Mutex
		var requests []string
		if err := chromedp.Listen(ctx, func(ev any) {
			if e, ok := ev.(*network.EventRequestWillBeSent); ok && strings.Contains(e.Request.URL, "echarts") {
				mu.Lock()
				requests = append(requests, e.Request.URL)
				mu.Unlock()
			}
		}); err != nil {
			return err
		}
		seen := func() string {
			mu.Lock()
			defer mu.Unlock()
			return fmt.Sprintf(", fetched %d", len(requests))
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](settled, chromedp.EvalAwaitPromise)); err != nil {
			return err
		}
		got, err := eval(ctx, state)
		if err != nil {
			return err
		}
		if got += seen(); got != "not run, scripts 0, fetched 0" {
			return fmt.Errorf("before any chart is near the viewport, ECharts is %s; want not run, scripts 0, fetched 0", got)
		}
		first := `(function () {
			var el = document.getElementById("chart_near_load");
			if (!el) { return "no chart_near_load"; }
			el.scrollIntoView();
			return "ok";
		}())`
		if err := evaluate(first)(ctx); err != nil {
			return err
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[string](`typeof echarts !== "undefined" && echarts.getInstanceByDom(document.getElementById("chart_near_load")) ? "ok" : ""`,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(patience))); err != nil {
			return fmt.Errorf("scrolled to, the first chart is not drawn: %w", err)
		}
		want := "run, scripts 0, fetched 0"
		if fetched {
			want = "run, scripts 1, fetched 1"
		}
		if got, err = eval(ctx, state); err != nil {
			return err
		}
		if got += seen(); got != want {
			return fmt.Errorf("after scrolling to a chart, ECharts is %s; want %s", got, want)
		}
		later := `(function () {
			var drawn = Array.prototype.filter.call(document.querySelectorAll(".chart"), function (el) {
				return el.id.indexOf("chart_later_") === 0 && echarts.getInstanceByDom(el);
			});
			return drawn.length ? drawn.length + " charts of the later grid are drawn, screens below the viewport" : "ok";
		}())`
		return evaluate(later)(ctx)
	}
}

// TestChartsBrowser opens a 64 × 64 grid, a page whose charts are far
// below its top and a page without ECharts in headless Chromium: the big
// grid's page stays small, draws its four charts and switches them,
// ECharts is fetched (or, inlined, run) only when a reader scrolls to a
// chart and a chart screens below is not drawn yet, and without ECharts
// every chart box says so. The lesson's and the lab's charts are checked
// on TestBrowser's loads of their pages.
// Screenshots go to out/screenshots/ (see screenshots).
func TestChartsBrowser(t *testing.T) {
	t.Parallel()
	script, shots := browserNeeds(t)
	nb, big := lesson(t), bigGrid(t)
	site, broken := t.TempDir(), t.TempDir()
	if err := (Site{Notebooks: []Notebook{big}, ECharts: script}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	distant, lazy, inline := far(t), t.TempDir(), t.TempDir()
	if err := (Site{Notebooks: []Notebook{distant}, ECharts: script}).Write(lazy, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := (Site{Notebooks: []Notebook{distant}, ECharts: script, SelfContained: true}).Write(inline, io.Discard); err != nil {
		t.Fatal(err)
	}
	// A script URL that 404s: ECharts never loads.
	if err := (Site{Notebooks: []Notebook{nb}, CDN: "missing/echarts.min.js"}).Write(broken, io.Discard); err != nil {
		t.Fatal(err)
	}
	bigHTML := page(t, big, copied)
	if len(bigHTML) > maxBigPage {
		t.Errorf("the 64 × 64 grid's page is %d bytes, want at most %d", len(bigHTML), maxBigPage)
	}
	bigCharts := strings.Count(bigHTML, `class="chart"`)
	if bigCharts != 4 {
		t.Errorf("the 64 × 64 grid's page has %d charts, want 4: each drawn once", bigCharts)
	}
	t.Logf("the 64 × 64 grid's page: %d bytes, %d charts", len(bigHTML), bigCharts)
	at := func(name string) string { return filepath.Join(site, name, pageFile) }

	tests := []struct {
		name  string
		path  string
		visit visit
		check func(context.Context) error
		// broken pages report the script that did not load
		quiet bool
	}{
		{"big-grid", at(big.Scenario.Name), visit{}, all(loaded(t, bigCharts), switches("chart_g_load"), switches("chart_g_speedup")), false},
		{"big-grid-no-javascript", at(big.Scenario.Name), visit{noScript: true}, readable, false},
		{"lazy", filepath.Join(lazy, distant.Scenario.Name, pageFile), visit{}, lazily(true), false},
		{"lazy-phone", filepath.Join(lazy, distant.Scenario.Name, pageFile), visit{width: 390}, lazily(true), false},
		{"lazy-self-contained", filepath.Join(inline, distant.Scenario.Name, pageFile), visit{}, lazily(false), false},
		{"no-echarts", filepath.Join(broken, nb.Scenario.Name, pageFile), visit{}, all(undrawable, fallback), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			png := filepath.Join(shots, "charts-"+tt.name+".png")
			if errs := open(t, tt.path, tt.visit, png, tt.check); len(errs) > 0 && !tt.quiet {
				t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

// loaded waits for the page's charts and logs how long after navigation
// they were drawn, as the page's clock tells it. The figure is reported,
// never asserted: it depends on the machine.
func loaded(t *testing.T, want int) func(context.Context) error {
	return func(ctx context.Context) error {
		if err := drawn(want)(ctx); err != nil {
			return err
		}
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](
			`[performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd, performance.now()]`))
		if err != nil {
			return err
		}
		t.Logf("the page was parsed %.0f ms and drew its %d charts %.0f ms after navigation", ms[0], want, ms[1])
		return nil
	}
}
