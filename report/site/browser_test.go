package site

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/browsertest"
	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/templates"
)

// patience bounds each wait on the browser. It is a bound on a hang, not a
// measure of speed: generous, so that a machine busy with other work (CI
// runs the whole suite on two cores) never turns a slow page into a failure.
const patience = 5 * time.Minute

// browser is the package's one Chromium; each test gets a tab of its own.
var browser = browsertest.New(FindChromium)

func TestMain(m *testing.M) { os.Exit(browser.Main(m)) }

// problems collects what a page reports as wrong: console errors, uncaught
// exceptions, failed loads.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *problems) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.list...)
}

// listen runs on chromedp's event loop: it must not block or send commands.
func (p *problems) listen(ev any) {
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range e.Args {
				if a.Value != nil {
					args = append(args, string(a.Value))
				} else {
					args = append(args, a.Description)
				}
			}
			p.add("console.%s: %s", e.Type, strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		p.add("exception at %s:%d:%d: %s", d.URL, d.LineNumber+1, d.ColumnNumber+1, msg)
	case *log.EventEntryAdded:
		if e.Entry.Level == log.EntryLevelError {
			p.add("%s error: %s %s", e.Entry.Source, e.Entry.Text, e.Entry.URL)
		}
	}
}

// visit is how a page is opened: in the dark colour scheme, without
// JavaScript, or at a phone's width (390 px) instead of a desktop's (1280).
type visit struct {
	dark, noScript bool
	width          int // the viewport's CSS width; 0 keeps the window's 1280
}

// screenshots asks for a screenshot of every page the tests open. Without it
// only a page that fails its check or reports a problem is saved: a
// full-page screenshot costs about as much as loading the page.
var screenshots = flag.Bool("screenshots", false, "save a screenshot of every page the browser tests open to out/screenshots/, not only of those that fail")

// open loads a page in a new tab, runs check in it and returns what the
// page reported as wrong; a full-page screenshot goes to png when something
// is wrong, or for every page under -screenshots.
func open(t *testing.T, path string, v visit, png string, check func(context.Context) error) []string {
	t.Helper()
	return tour(t, path, stop{png, v, check})
}

// A stop is one look at a loaded page: the colour scheme and width it is
// seen in, the checks made there, and where its screenshot goes.
type stop struct {
	png   string
	visit visit
	check func(context.Context) error
}

// tour loads a page once, in the first stop's visit, and looks at it at
// every stop in turn: the colour scheme and the width change in place, as
// when a reader turns the phone or the system goes dark at dusk, and the
// page redraws its charts for each (charts.js listens for both). It returns
// what the page reported as wrong in all of them. Scripts stay as the
// first stop has them; a check that leaves the page (a search followed)
// goes in the last stop.
func tour(t *testing.T, path string, stops ...stop) []string {
	t.Helper()
	p := &problems{}
	tab := browser.Tab(t, chromedp.WithListener(p.listen))
	ctx, cancelStep := context.WithTimeout(tab, patience*time.Duration(len(stops)))
	defer cancelStep()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: stops[0].visit.noScript}); err != nil {
		t.Fatalf("switch scripts: %v", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range stops {
		if s.visit.noScript != stops[0].visit.noScript {
			t.Fatalf("%s: stop %d switches scripts, which takes a new load", path, i+1)
		}
		emulate(t, ctx, s.visit, i == 0)
		if i == 0 {
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
				t.Fatalf("open %s: %v", path, err)
			}
		}
		checkErr := s.check(ctx)
		if *screenshots || checkErr != nil || len(p.all()) > 0 {
			if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err != nil {
				t.Errorf("screenshot of %s: %v", path, err)
			} else if err := os.WriteFile(s.png, shot, 0o644); err != nil {
				t.Error(err)
			}
		}
		if checkErr != nil {
			t.Errorf("%s: %v (screenshot: %s)", path, checkErr, s.png)
		}
	}
	return p.all()
}

// emulate shows the tab in v's colour scheme and at its width; a visit
// without one has the window's, 1280 px (first: nothing to undo).
func emulate(t *testing.T, ctx context.Context, v visit, first bool) {
	t.Helper()
	var features []*emulation.MediaFeature
	if v.dark {
		features = append(features, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: "dark"})
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features}); err != nil {
		t.Fatalf("emulate the colour scheme: %v", err)
	}
	switch {
	case v.width > 0:
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: int64(v.width), Height: 900, DeviceScaleFactor: 1, Mobile: v.width < 640}); err != nil {
			t.Fatalf("emulate a %d px screen: %v", v.width, err)
		}
	case !first:
		if _, err := chromedp.Call(ctx, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
			t.Fatalf("back to the window's width: %v", err)
		}
	}
}

// drawEverything has the page draw every chart at once, as printing does,
// instead of as a reader scrolls to it; it returns whether ECharts loaded.
func drawEverything(ctx context.Context) (bool, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[bool](drawAll, chromedp.EvalAwaitPromise))
}

// drawn has the page draw every chart and waits until every chart
// container holds a drawn ECharts chart, and there are want of them. Its
// script returns "" while charts are still drawing, "ok" once all are, or
// what is wrong.
func drawn(want int) func(context.Context) error {
	js := fmt.Sprintf(`(function () {
		if (typeof echarts === "undefined") { return "echarts is undefined"; }
		var els = document.querySelectorAll(".chart");
		if (els.length !== %d) { return "the page has " + els.length + " chart containers, want %d"; }
		for (var i = 0; i < els.length; i++) {
			var c = els[i].querySelector("canvas");
			if (!echarts.getInstanceByDom(els[i]) || !c || c.width === 0) { return ""; }
		}
		return "ok";
	}())`, want, want)
	return func(ctx context.Context) error {
		switch ok, err := drawEverything(ctx); {
		case err != nil:
			return fmt.Errorf("draw every chart: %w", err)
		case !ok:
			return errors.New("ECharts did not load")
		}
		state, err := chromedp.Run(ctx, chromedp.Poll[string](js,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(patience)))
		switch {
		case err != nil:
			return fmt.Errorf("charts not drawn: %w", err)
		case state != "ok":
			return fmt.Errorf("charts: %s", state)
		}
		return nil
	}
}

// readable checks that without JavaScript the page shows its tables and
// hides the empty chart containers.
func readable(ctx context.Context) error {
	js := `(function () {
		var tables = document.querySelectorAll("table").length;
		var shown = Array.prototype.filter.call(document.querySelectorAll(".chart"), function (el) { return el.offsetHeight > 0; }).length;
		return tables + " tables, " + shown + " charts shown";
	}())`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		return err
	}
	if !strings.HasSuffix(got, " 0 charts shown") || strings.HasPrefix(got, "0 tables") {
		return fmt.Errorf("without JavaScript: %s; want tables and no empty chart", got)
	}
	return nil
}

// eval runs a script that returns a string.
func eval(ctx context.Context, js string) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](js))
}

// answersState says of the Day 24 page which answers are open, and what the
// verdicts and inputs of P1 and P2 show.
const answersState = `(function () {
	var all = document.querySelectorAll("details.answer"), open = 0;
	all.forEach(function (d) { if (d.open) { open++; } });
	var figures = document.querySelector("details[data-actuals]").open ? "figures open" : "figures closed";
	var v = function (n) { return document.querySelector('[data-verdict="' + n + '"]').textContent; };
	var ins = Array.prototype.map.call(document.querySelectorAll('input[data-prediction="P1"]'), function (i) { return i.value; });
	return open + "/" + all.length + " open, " + figures + ", P1 " + ins.join("|") + " " + v("P1") + ", P2 " + v("P2");
}())`

// expect compares the page's answersState with want.
func expect(ctx context.Context, step, want string) error {
	got, err := eval(ctx, answersState)
	if err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	if got != want {
		return fmt.Errorf("%s: the page has %q, want %q", step, got, want)
	}
	return nil
}

// predicted plays a reader of the Day 24 page: the answers start closed; a
// prediction typed beside its question fills the scoreboard's input and
// gets a verdict of hit or miss; a reload keeps the values; the figures
// open once every prediction is typed; a summary opens its answer.
func predicted(ctx context.Context) error {
	// The Day 24 page's answers: D1-D5's text and cells, and the scoreboard's figures.
	const answers = 10
	closed := fmt.Sprintf("0/%d open, figures closed", answers)
	if err := expect(ctx, "on load", closed+", P1 | —, P2 —"); err != nil {
		return err
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`.cell-md input[data-prediction="P1"]`), "3"),
		chromedp.SendKeys(chromedp.CSS(`.cell-md input[data-prediction="P2"]`), "7.6"),
	); err != nil {
		return err
	}
	typed := closed + ", P1 3|3 ✗ miss, P2 ✓ hit"
	if err := expect(ctx, "typed", typed); err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		return err
	}
	if err := expect(ctx, "reloaded", typed); err != nil {
		return err
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`.scoreboard input[data-prediction="P3"]`), "8"),
		chromedp.SendKeys(chromedp.CSS(`.scoreboard input[data-prediction="P4"]`), "0"),
	); err != nil {
		return err
	}
	if err := expect(ctx, "all typed", fmt.Sprintf("1/%d open, figures open, P1 3|3 ✗ miss, P2 ✓ hit", answers)); err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`details.answer:not([data-actuals]) > summary`))); err != nil {
		return err
	}
	return expect(ctx, "one opened", fmt.Sprintf("2/%d open, figures open, P1 3|3 ✗ miss, P2 ✓ hit", answers))
}

// complete checks that without JavaScript the Day 24 page is whole: its
// tables, no empty chart, and the student's edition as it is with it.
func complete(ctx context.Context) error {
	if err := readable(ctx); err != nil {
		return err
	}
	return studentEdition(ctx)
}

// studentEdition checks the student's edition of the Day 24 page: no
// expectation and no word of partlab check; every answer closed, the
// scoreboard's figures too, so that no figure a prediction asks for shows.
func studentEdition(ctx context.Context) error {
	return holds(ctx, "the student's edition", `(function () {
		if (document.documentElement.getAttribute("data-edition") !== "student") { return "the page is not the student's"; }
		if (document.getElementById("expectations") || document.querySelector(".expect")) { return "the page lists expectations"; }
		if (document.body.innerText.indexOf("partlab check") >= 0) { return "the page names partlab check"; }
		var answers = document.querySelectorAll("details.answer"), open = document.querySelectorAll("details.answer[open]");
		if (answers.length === 0 || open.length > 0) { return open.length + " of " + answers.length + " answers open"; }
		var figures = document.querySelectorAll("details[data-actuals] td");
		if (figures.length === 0) { return "no figures behind the scoreboard"; }
		for (var i = 0; i < figures.length; i++) {
			if (!figures[i].closest("details.answer:not([open])") || figures[i].checkVisibility()) { return "a figure shows: " + figures[i].textContent; }
		}
		return document.querySelectorAll(".key-figure").length ? "the page prints the key's figures" : "ok";
	}())`)
}

// teacherEdition checks the answer key of the Day 24 page: every answer
// open, each prediction's figure in place of its input, and the
// expectations listed.
func teacherEdition(ctx context.Context) error {
	return holds(ctx, "the answer key", `(function () {
		if (document.documentElement.getAttribute("data-edition") !== "teacher") { return "the page is not the teacher's"; }
		var closed = document.querySelectorAll("details.answer:not([open])").length;
		if (closed > 0) { return closed + " answers closed"; }
		if (document.querySelectorAll("input.prediction").length > 0) { return "the key has inputs"; }
		var figures = document.querySelectorAll(".key-figure"), shown = 0;
		figures.forEach(function (f) { if (f.checkVisibility() && f.textContent !== "") { shown++; } });
		var rows = document.querySelectorAll(".scoreboard > .table-wrap tbody tr"), filled = 0;
		rows.forEach(function (r) { if (r.querySelector(".key-figure")) { filled++; } });
		if (rows.length === 0 || filled < rows.length || shown < figures.length || figures.length <= rows.length) {
			return shown + " of " + figures.length + " figures shown, " + filled + " of " + rows.length + " scoreboard rows filled; want every row and the prose's predictions filled";
		}
		var items = document.querySelectorAll("#expectations .expect li");
		if (items.length === 0 || items[0].offsetHeight === 0) { return "no expectations shown"; }
		return "ok";
	}())`)
}

// captionsWrap checks that no table's caption runs past the box its table
// scrolls in (issue 19: "Consumer group of 8 consumers; the he…" at 390 px),
// and that the contents are folded on a narrow screen.
func captionsWrap(ctx context.Context) error {
	return holds(ctx, "captions", `(function () {
		var cut = [];
		document.querySelectorAll(".table-wrap").forEach(function (w) {
			var c = w.querySelector("caption > span");
			if (c && c.checkVisibility() && c.getBoundingClientRect().right > w.getBoundingClientRect().right + 0.5) { cut.push(c.textContent); }
		});
		if (cut.length) { return cut.length + " captions cut: " + cut.join(" | "); }
		var toc = document.querySelector(".contents details");
		return toc && !toc.open && document.querySelector(".contents ol").checkVisibility() === false ? "ok" : "the contents are not folded";
	}())`)
}

// holds runs a script that returns "ok" or what is wrong.
func holds(ctx context.Context, what, js string) error {
	got, err := eval(ctx, js)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if got != "ok" {
		return fmt.Errorf("%s: %s", what, got)
	}
	return nil
}

// axeRun runs axe-core on the page and returns its serious and critical
// violations, one line each with the rule, its help and the elements.
const axeRun = `axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
	return r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; }).map(function (v) {
		return v.impact + " " + v.id + ": " + v.help + " at " + v.nodes.map(function (n) { return n.target.join(" "); }).join(", ");
	});
})`

// accessible waits for the page's charts (when it has any), injects axe-core
// and fails on any serious or critical violation.
func accessible(axe string, charts int) func(context.Context) error {
	return func(ctx context.Context) error {
		if charts > 0 {
			if err := drawn(charts)(ctx); err != nil {
				return err
			}
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axe)); err != nil {
			return fmt.Errorf("inject axe-core: %w", err)
		}
		found, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](axeRun, chromedp.EvalAwaitPromise))
		if err != nil {
			return fmt.Errorf("axe-core: %w", err)
		}
		if len(found) > 0 {
			return fmt.Errorf("axe-core found %d serious or critical violations:\n%s", len(found), strings.Join(found, "\n"))
		}
		return nil
	}
}

// contained checks that hostile labels stayed labels: the charts drew, the
// breakout label is a series name of a chart, each label is text of some
// chart's option (a bar's name, an axis category), and no script ran.
func contained(want int) func(context.Context) error {
	return func(ctx context.Context) error {
		if err := drawn(want)(ctx); err != nil {
			return err
		}
		js := fmt.Sprintf(`(function () {
			if (typeof window.partlabPwned !== "undefined") { return "the label's script ran"; }
			var names = [], texts = [];
			document.querySelectorAll(".chart").forEach(function (el) {
				var o = echarts.getInstanceByDom(el).getOption();
				o.series.forEach(function (s) { names.push(s.name); });
				texts.push(JSON.stringify(o));
			});
			if (names.indexOf(%[1]q) < 0) { return "no series is named by the label: " + names.join(", "); }
			var labels = [%[1]q + " ×3", %[2]q];
			for (var i = 0; i < labels.length; i++) {
				if (!texts.some(function (t) { return t.indexOf(JSON.stringify(labels[i]).slice(1, -1)) >= 0; })) {
					return "no chart shows " + labels[i];
				}
			}
			return "ok";
		}())`, breakout, bold)
		return evaluate(js)(ctx)
	}
}

// browserNeeds returns what a browser test needs besides the browser: the
// ECharts script pages copy, and the folder its screenshots go to. It skips
// the test in -short mode.
func browserNeeds(t *testing.T) (script []byte, shots string) {
	t.Helper()
	testtool.Slow(t, "opens pages in Chromium")
	script = templates.ECharts
	shots = filepath.Join(root, "out", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return script, shots
}

// A look is a stop of one of TestBrowser's tours: its screenshot is named
// after the tour and the look.
type look struct {
	name  string
	visit visit
	check func(context.Context) error
}

// fourWays is a tour that makes check in light and dark, at 1280 and 390
// px, on one load.
func fourWays(check func(context.Context) error) []look {
	return []look{
		{"1280", visit{width: 1280}, check},
		{"dark-1280", visit{dark: true, width: 1280}, check},
		{"dark-390", visit{dark: true, width: 390}, check},
		{"390", visit{width: 390}, check},
	}
}

// TestBrowser renders the lesson, the Day 24 lab, the rebalances page and
// the hostile labels' page into a temporary site and opens them in headless
// Chromium: every chart draws, in light and dark, at 1280 and 390 px, from
// assets/ and inlined, axe-core finds nothing serious, and the console
// stays clean; without JavaScript the tables remain. Legends wrap rather
// than page, the controls switch a chart's data, captions wrap on a phone,
// each edition shows what it should, and the site's search finds the lab's
// page ("ceiling") and the rebalances page ("cooperative") from the index
// and from the lesson's page, and opens it.
//
// A page is loaded once per tour: its colour scheme and width change in
// place between looks, as a reader's phone turns or the system goes dark,
// and the page redraws for each; every check of a look runs on that load, in
// order: those that change the page (a control switched, Try your own
// values) after those that read it, and a search followed last of its tour.
// Screenshots go to out/screenshots/ for people to look at (see screenshots).
func TestBrowser(t *testing.T) {
	t.Parallel()
	script, shots := browserNeeds(t)
	nb, bad, day24, third := lesson(t), hostile(t), lab(t), rebalances(t)
	site, inline, key := t.TempDir(), t.TempDir(), t.TempDir()
	if err := (Site{Notebooks: []Notebook{nb, bad, day24, third}, ECharts: script}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := (Site{Notebooks: []Notebook{day24}, ECharts: script, Edition: report.Teacher}).Write(key, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := (Site{Notebooks: []Notebook{nb}, ECharts: script, SelfContained: true}).Write(inline, io.Discard); err != nil {
		t.Fatal(err)
	}
	charts := strings.Count(page(t, nb, copied), `class="chart"`)
	badCharts := strings.Count(page(t, bad, copied), `class="chart"`)
	labCharts := strings.Count(page(t, day24, copied), `class="chart"`)
	thirdCharts := strings.Count(page(t, third, copied), `class="chart"`)
	if charts == 0 || badCharts == 0 || labCharts == 0 || thirdCharts == 0 {
		t.Fatal("a page has no chart")
	}
	index := filepath.Join(site, pageFile)
	lessonPage := filepath.Join(nb.Scenario.Name, pageFile)
	labPage := filepath.Join(site, day24.Scenario.Name, pageFile)
	thirdPage := filepath.Join(site, third.Scenario.Name, pageFile)
	keyPage := filepath.Join(key, day24.Scenario.Name, pageFile)

	axe, err := os.ReadFile(filepath.Join(root, "node_modules", "axe-core", "axe.min.js"))
	testtool.Need(t, "the browser test needs axe-core (run npm ci)", err)
	a11y := func(charts int) func(context.Context) error { return accessible(string(axe), charts) }
	search := func(name, query, found string) func(context.Context) error {
		return searches(site, query, found, filepath.Join(shots, "search-"+name+".png"))
	}
	const ceiling, cooperative = "ceiling", "cooperative"
	labFound, thirdFound := day24.Scenario.Name, third.Scenario.Name

	tests := []struct {
		name  string
		path  string
		looks []look
	}{
		// Every page of the course, light and dark, desktop and phone:
		// its charts draw and axe-core finds nothing serious, then the
		// look's other checks. A tour loads its page once and changes the
		// colour scheme and the width in place; a check that leaves the
		// page (a search followed) ends its tour.
		{"index-1280", index, []look{{"", visit{width: 1280}, all(a11y(0), search("index-1280", ceiling, labFound))}}},
		{"index-dark-1280", index, []look{{"", visit{dark: true, width: 1280}, all(a11y(0), search("index-dark-1280", cooperative, thirdFound))}}},
		{"index-390", index, []look{
			{"", visit{width: 390}, a11y(0)},
			{"dark", visit{dark: true, width: 390}, all(a11y(0), search("index-dark-390", ceiling, labFound))},
		}},
		{"lesson-1280", filepath.Join(site, lessonPage), []look{
			{"", visit{width: 1280}, all(loaded(t, charts), a11y(charts), legible, switches("chart_keys_load"))},
			{"dark", visit{dark: true, width: 1280}, all(a11y(charts), legible, search("lesson-1280", ceiling, labFound))},
		}},
		{"lesson-390", filepath.Join(site, lessonPage), []look{{"", visit{width: 390},
			all(a11y(charts), captionsWrap, legible, search("lesson-390", cooperative, thirdFound))}}},
		{"lesson-dark-390", filepath.Join(site, lessonPage), []look{{"", visit{dark: true, width: 390},
			all(a11y(charts), legible, tried, a11y(charts), search("lesson-dark-390", ceiling, labFound))}}},
		{"lab", labPage, []look{
			{"dark-1280", visit{dark: true, width: 1280}, a11y(labCharts)},
			{"dark-390", visit{dark: true, width: 390}, all(a11y(labCharts), legible)},
			{"390", visit{width: 390}, all(a11y(labCharts), captionsWrap)},
			{"1280", visit{width: 1280}, all(a11y(labCharts), studentEdition, legible, tried, a11y(labCharts))},
		}},
		{"rebalances", thirdPage, fourWays(a11y(thirdCharts))},
		// Visits of their own: inlined, without JavaScript, the answer
		// key, hostile labels, and a reader's predictions, which reload
		// the page.
		{"lesson-self-contained", filepath.Join(inline, lessonPage), []look{{"", visit{}, drawn(charts)}}},
		{"lesson-no-javascript", filepath.Join(site, lessonPage), []look{{"", visit{noScript: true}, readable}}},
		{"lab-no-javascript", labPage, []look{{"", visit{noScript: true}, complete}}},
		{"lab-key", keyPage, []look{
			{"", visit{}, all(drawn(labCharts), teacherEdition)},
			{"phone-dark", visit{width: 390, dark: true}, all(drawn(labCharts), teacherEdition)},
		}},
		{"hostile-labels", filepath.Join(site, bad.Scenario.Name, pageFile), []look{{"", visit{}, contained(badCharts)}}},
		{"lab-predictions", labPage, []look{{"", visit{}, predicted}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stops []stop
			for _, l := range tt.looks {
				stops = append(stops, stop{filepath.Join(shots, strings.TrimSuffix(tt.name+"-"+l.name, "-")+".png"), l.visit, l.check})
			}
			if errs := tour(t, tt.path, stops...); len(errs) > 0 {
				t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}
