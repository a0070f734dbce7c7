package site

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/templates"
)

// bigGrid is a grid of every key against partition and consumer counts
// 1…64 over 200 subscribers: the grid whose page used to hold 130 charts.
func bigGrid(t testing.TB) Notebook {
	counts := make([]string, 64)
	for i := range counts {
		counts[i] = strconv.Itoa(i + 1)
	}
	axis := "[" + strings.Join(counts, ", ") + "]"
	return notebook(t, "big-grid.yaml", "title: Big grid\nsource: {subscribers: 200}\ncells:\n"+
		"  - grid: {id: g, keys: [subscriber, record, period, none], partitions: "+axis+", consumers: "+axis+"}\n")
}

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

// deferredECharts is the embedded build followed by a few lines that note
// the document's state when the script ran and at each chart's echarts.init
// (a copy of the module's namespace, whose properties are read-only).
// A script loaded with defer runs once the page is parsed ("interactive");
// a blocking one, or a chart drawn by an inline call, runs while it is
// still "loading".
var deferredECharts = append(append([]byte(nil), templates.ECharts...), `
window.partlabLoaded = document.readyState;
window.partlabInits = [];
echarts = (function (e) {
	var init = e.init;
	return Object.assign({}, e, {init: function () {
		window.partlabInits.push(document.readyState);
		return init.apply(this, arguments);
	}});
}(echarts));
`...)

// afterParsing checks, on a page that loads deferredECharts, that ECharts
// ran and every chart was drawn after the page was parsed.
var afterParsing = evaluate(`(function () {
	if (window.partlabLoaded !== "interactive") { return "ECharts ran while the document was " + window.partlabLoaded; }
	if (!window.partlabInits.length) { return "no chart was drawn"; }
	var early = window.partlabInits.filter(function (s) { return s === "loading"; }).length;
	return early ? early + " charts were drawn while the page was parsed" : "ok";
}())`)

// TestChartsBrowser opens the lesson, the Day 24 lab and a 64 × 64 grid in
// headless Chromium: the controls switch a chart's data, legends wrap
// rather than page at 1280 and 390 px, the big grid's page stays small and
// draws its four charts, ECharts runs and the charts draw after the page is
// parsed, and without ECharts every chart box says so.
// Screenshots go to out/screenshots/ (see screenshots).
func TestChartsBrowser(t *testing.T) {
	script, shots := browserNeeds(t)
	nb, day24, big := lesson(t), lab(t), bigGrid(t)
	site, broken := t.TempDir(), t.TempDir()
	if err := (Site{Notebooks: []Notebook{nb, day24, big}, ECharts: script}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	deferred := t.TempDir()
	if err := (Site{Notebooks: []Notebook{day24}, ECharts: deferredECharts}).Write(deferred, io.Discard); err != nil {
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
	charts := strings.Count(page(t, nb, copied), `class="chart"`)
	labCharts := strings.Count(page(t, day24, copied), `class="chart"`)
	at := func(name string) string { return filepath.Join(site, name, pageFile) }

	tests := []struct {
		name  string
		path  string
		visit visit
		check func(context.Context) error
		// broken pages report the script that did not load
		quiet bool
	}{
		{"grid-controls", at(nb.Scenario.Name), visit{}, all(drawn(charts), switches("chart_keys_load")), false},
		{"lesson-1280", at(nb.Scenario.Name), visit{}, all(loaded(t, charts), legible), false},
		{"lesson-1280-dark", at(nb.Scenario.Name), visit{dark: true}, all(drawn(charts), legible), false},
		{"lesson-390", at(nb.Scenario.Name), visit{width: 390}, all(drawn(charts), legible), false},
		{"lesson-390-dark", at(nb.Scenario.Name), visit{width: 390, dark: true}, all(drawn(charts), legible), false},
		{"lab-1280", at(day24.Scenario.Name), visit{}, all(drawn(labCharts), legible), false},
		{"lab-390-dark", at(day24.Scenario.Name), visit{width: 390, dark: true}, all(drawn(labCharts), legible), false},
		{"big-grid", at(big.Scenario.Name), visit{}, all(loaded(t, bigCharts), switches("chart_g_load"), switches("chart_g_speedup")), false},
		{"big-grid-no-javascript", at(big.Scenario.Name), visit{noScript: true}, readable, false},
		{"deferred", filepath.Join(deferred, day24.Scenario.Name, pageFile), visit{}, all(drawn(labCharts), afterParsing), false},
		{"deferred-phone", filepath.Join(deferred, day24.Scenario.Name, pageFile), visit{width: 390}, all(drawn(labCharts), afterParsing), false},
		{"no-echarts", filepath.Join(broken, nb.Scenario.Name, pageFile), visit{}, fallback, true},
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
