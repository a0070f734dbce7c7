package site

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/wasm/recompute"
)

// runInPage loads the site's partlab-run.js into the page, starts the
// engine and runs three cells: one it computes, one over the budget and
// a long one, cancelled while it computes. It returns each one's JSON or error, as
// {json, over, cancelled}.
const runInPage = `new Promise((resolve, reject) => {
  const s = document.createElement("script");
  s.src = "../assets/partlab-run.js";
  s.onload = resolve;
  s.onerror = () => reject(new Error("partlab-run.js did not load"));
  document.head.appendChild(s);
}).then(() => {
  const engine = partlabRun.start("../assets/");
  const failed = (p) => p.result.then(() => "computed", (e) => e.name + ": " + e.message);
  const long = engine.run("grid", %[3]q, {source: %[4]q});
  const cancelled = failed(long);
  return Promise.all([
    engine.run("grid", %[1]q).result.then((c) => c.json),
    failed(engine.run("grid", %[2]q, {source: %[4]q})),
  ]).then(([json, over]) => {
    long.cancel();
    return cancelled.then((cancelled) => JSON.stringify({json, over, cancelled}));
  });
})`

// TestRunInPage loads the engine in the page from a published site, over
// http and from file://, in a Blob URL worker, and checks that it computes
// a cell exactly as the native engine does (recompute.Run's results.json
// entry, byte for byte), refuses a spec over the budget with the command
// line's message and stops a cancelled computation.
func TestRunInPage(t *testing.T) {
	t.Parallel()
	site, srv := published(t, lesson(t))

	const (
		spec   = `{keys: [record], partitions: [12], consumers: [5]}`
		source = `{subscribers: 1000000}`
		over   = `{keys: [subscriber, record, period, none], partitions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]}`
		long   = `{keys: [subscriber, record, period, none], partitions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}`
	)
	native, err := recompute.Run(context.Background(), recompute.Request{Kind: sim.KindGrid, Spec: []byte(spec)})
	if err != nil {
		t.Fatal(err)
	}
	_, refused := recompute.Run(context.Background(), recompute.Request{Kind: sim.KindGrid, Spec: []byte(over), Source: []byte(source)})
	if refused == nil {
		t.Fatal("the native engine computes the spec over the budget")
	}
	for _, tc := range []struct{ name, url string }{
		{"http", srv.URL + "/messaging-systems/index.html"},
		{"file", "file://" + filepath.Join(site, "messaging-systems", "index.html")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := awaitIn(t, tc.url, fmt.Sprintf(runInPage, spec, over, long, source))
			var got struct{ JSON, Over, Cancelled string }
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if got.JSON != string(native.JSON) {
				t.Errorf("the page computes\n%s\nthe native engine\n%s", got.JSON, native.JSON)
			}
			if want := "Error: " + refused.Error(); got.Over != want {
				t.Errorf("over the budget: got %q, want %q", got.Over, want)
			}
			if !strings.HasPrefix(got.Cancelled, "AbortError: ") || !strings.HasSuffix(got.Cancelled, context.Canceled.Error()) {
				t.Errorf("cancelled: got %q, want an AbortError: …%s", got.Cancelled, context.Canceled)
			}
		})
	}
}

// untilJS defines until(f) in a test's script: it resolves to f's first
// truthy value, asking again every 20 ms (the test's context bounds the
// wait, so no step depends on the machine's speed).
const untilJS = `
  const until = async (f) => { for (;;) { const v = f(); if (v) return v; await new Promise((r) => setTimeout(r, 20)); } };`

// tryInPage drives the lesson grid's "Try your own values" as a reader
// would: it opens the form, computes partitions 12 and consumers 5, goes
// back, asks for a grid over the budget and cancels a computation. It
// returns what the page showed at each step.
const tryInPage = `(async () => {` + untilJS + `
  const sec = document.getElementById("cell-keys");
  const tables = (root) => Array.from(root.querySelectorAll("table")).map((t) => t.outerHTML);
  const page = tables(sec.querySelector(".cell-body"));
  sec.querySelector(".try-open").click();
  const form = await until(() => sec.querySelector("form.try-form"));
  const field = (name) => Array.from(form.querySelectorAll(".try-field")).find((b) => b.querySelector("code").textContent === name);
  field("partitions").querySelector("input").value = "12";
  field("consumers").querySelector("input").value = "5";
  form.requestSubmit();
  const body = await until(() => sec.querySelector(".cell-body.tried"));
  const native = document.createElement("template");
  native.innerHTML = %[1]q;
  const got = {note: body.querySelector(".try-note").textContent, tables: tables(body), want: tables(native.content),
    narrative: body.querySelector(".narrative").textContent, wantNarrative: native.content.querySelector(".narrative").textContent};
  sec.querySelector(".try-back").click();
  got.back = tables(sec.querySelector(".cell-body")).join("") === page.join("") && !sec.querySelector(".cell-body.tried");
  field("keys").querySelectorAll("input").forEach((b) => { b.checked = true; });
  field("partitions").querySelector("input").value = %[2]q;
  field("consumers").querySelector("input").value = %[2]q;
  form.requestSubmit();
  got.over = (await until(() => form.querySelector(".try-problems li"))).textContent;
  got.invalid = sec.querySelector(".cell-body.tried") !== null;
  form.reset();
  form.requestSubmit();
  form.querySelector(".try-cancel").click();
  got.cancelled = await until(() => /^Cancelled/.test(form.querySelector(".try-status").textContent) && form.querySelector(".try-status").textContent);
  got.still = sec.querySelector(".cell-body.tried") === null;
  return JSON.stringify(got);
})()`

// TestTryYourOwnValues opens "Try your own values" on the lesson's grid
// in a published site and checks that partitions 12 and consumers 5 show
// the native engine's tables and paragraph for them, that "Back" puts the
// page's own back, that a grid over the budget is refused with the command
// line's message and that a cancelled computation leaves the cell as it was.
func TestTryYourOwnValues(t *testing.T) {
	t.Parallel()
	_, srv := published(t, lesson(t))

	// The spec the form builds: the page's values but the two changed,
	// one field a line, and without the deviation rows, which name
	// partition counts the grid no longer has.
	const (
		source = `{seed: 20260218, subscribers: 200, periods: 12}`
		spec   = "id: \"keys\"\nkeys: [\"subscriber\", \"record\", \"period\"]\npartitions: [12]\nconsumers: [5]\npartitioner: \"lesson\"\nassignor: \"roundrobin\"\n"
	)
	// Over the budget: every key, and the 64 largest partition counts, each
	// read by as many consumers.
	var counts []string
	for n := 4096 - 63; n <= 4096; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	over := strings.Join(counts, ", ")
	native, err := recompute.Run(context.Background(), recompute.Request{Kind: sim.KindGrid, Spec: []byte(spec), Source: []byte(source)})
	if err != nil {
		t.Fatal(err)
	}
	overSpec := "id: keys\nkeys: [none, period, record, region, subscriber, type]\npartitions: [" + over + "]\nconsumers: [" + over + "]\n"
	_, refused := recompute.Run(context.Background(), recompute.Request{Kind: sim.KindGrid, Spec: []byte(overSpec), Source: []byte(source)})
	var list scenarios.ErrorList
	if !errors.As(refused, &list) || len(list) != 1 {
		t.Fatalf("the native engine does not refuse the grid over the budget with one message: %v", refused)
	}
	out := awaitIn(t, srv.URL+"/messaging-systems/index.html", fmt.Sprintf(tryInPage, string(native.HTML), over))
	var got struct {
		Note, Narrative, WantNarrative, Over, Cancelled string
		Tables, Want                                    []string
		Back, Invalid, Still                            bool
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Want) == 0 || !slices.Equal(got.Tables, got.Want) {
		t.Errorf("the recomputed cell's tables\n%s\nthe native engine's\n%s", strings.Join(got.Tables, "\n"), strings.Join(got.Want, "\n"))
	}
	if got.Narrative != got.WantNarrative {
		t.Errorf("the recomputed cell says\n%s\nthe native engine\n%s", got.Narrative, got.WantNarrative)
	}
	if want := "Your values, computed in this browser: partitions [12]; consumers [5]. Left out, as they do not fit your values: the page's deviation."; got.Note != want {
		t.Errorf("note: got %q, want %q", got.Note, want)
	}
	if !got.Back {
		t.Error("Back to the page's values does not put the page's tables back")
	}
	if got.Over != list[0].Msg || got.Invalid {
		t.Errorf("over the budget: the page says %q (recomputed: %t), the command line %q", got.Over, got.Invalid, list[0].Msg)
	}
	if !got.Still {
		t.Errorf("cancelled (%q): the cell does not show the page's values", got.Cancelled)
	}
}

// tryUnchanged computes every cell of the page that offers "Try your own
// values" with the form as it opens, the page's own values, and returns
// the cells whose recomputed tables or paragraph differ from the page's.
const tryUnchanged = `(async () => {` + untilJS + `
  const view = (body) => JSON.stringify([Array.from(body.querySelectorAll("table")).map((t) => t.outerHTML),
    Array.from(body.querySelectorAll(".chart-option")).map((s) => s.textContent),
    (body.querySelector(".narrative") || {}).textContent]);
  const differ = [];
  let tried = 0;
  for (const sec of document.querySelectorAll("section.cell")) {
    const open = sec.querySelector(".try-open");
    if (!open) continue;
    tried++;
    const page = view(sec.querySelector(".cell-body"));
    open.click();
    const form = await until(() => sec.querySelector("form.try-form"));
    form.requestSubmit();
    const done = await until(() => sec.querySelector(".cell-body.tried") || sec.querySelector(".try-problems li"));
    if (!done.classList.contains("cell-body")) {
      differ.push(sec.id + ": " + done.textContent);
      continue;
    }
    if (view(done) !== page) differ.push(sec.id + ": " + view(done) + "\n  the page: " + page);
    sec.querySelector(".try-back").click();
  }
  return JSON.stringify({tried, differ});
})()`

// TestTryUnchanged checks every cell of the shipped pages that offers "Try
// your own values": computed in the page with the values its form opens
// with, the cell's tables, chart options and paragraph are the page's own.
func TestTryUnchanged(t *testing.T) {
	t.Parallel()
	nbs := []Notebook{lesson(t), lab(t), rebalances(t)}
	_, srv := published(t, nbs...)
	for _, nb := range nbs {
		t.Run(nb.Scenario.Name, func(t *testing.T) {
			t.Parallel()
			out := awaitIn(t, srv.URL+"/"+nb.Scenario.Name+"/index.html", tryUnchanged)
			var got struct {
				Tried  int
				Differ []string
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if got.Tried == 0 {
				t.Error("no cell offers Try your own values")
			}
			for _, d := range got.Differ {
				t.Error(d)
			}
			t.Logf("%d cells recomputed as the page has them", got.Tried)
		})
	}
}

// published writes the site of nbs into a temporary folder and serves it
// over http until the test ends; the engine in the page's tests are
// skipped in -short mode.
func published(t *testing.T, nbs ...Notebook) (string, *httptest.Server) {
	t.Helper()
	testtool.Slow(t, "runs the engine in the page in Chromium")
	site := t.TempDir()
	write(t, Site{Notebooks: nbs}, site)
	srv := httptest.NewServer(http.FileServer(http.Dir(site)))
	t.Cleanup(srv.Close)
	return site, srv
}

// awaitIn opens url in a tab, awaits script's promise there and returns
// its string; anything the page reports as wrong fails the test.
func awaitIn(t *testing.T, url, script string) string {
	t.Helper()
	p := &problems{}
	tab := browser.Tab(t, chromedp.WithListener(p.listen))
	ctx, cancel := context.WithTimeout(tab, patience)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("in %s: %v", url, err)
	}
	if found := p.all(); len(found) > 0 {
		t.Errorf("the page reports: %v", found)
	}
	return out
}

// tried opens every form of "Try your own values" on the page and computes
// the first with its values as they open, so that axe-core sees the forms
// and a recomputed cell.
func tried(ctx context.Context) error {
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {`+untilJS+`
		const open = Array.from(document.querySelectorAll(".try-open"));
		if (!open.length) return "no cell offers Try your own values";
		for (const b of open) {
			b.click();
			await until(() => b.closest("section").querySelector("form.try-form"));
		}
		const first = open[0].closest("section");
		first.querySelector("form.try-form").requestSubmit();
		await until(() => first.querySelector(".cell-body.tried"));
		return "ok";
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	if got != "ok" {
		return fmt.Errorf("%s", got)
	}
	return nil
}
