package preview

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/browsertest"
	"github.com/partlab/partlab/templates"
)

// TestServeBrowser opens a served page in headless Chromium, as an author
// would keep it open: a save shows the edit without a manual reload, a broken
// file shows its problems over the last good page, and the fix brings the
// page back. Without Chromium it skips, except in CI (CI=true).
func TestServeBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the browser test in -short mode")
	}
	script := templates.ECharts
	p := startPreview(t, script, map[string]string{"small.yaml": smallYAML}, "small.yaml")
	ctx := browser.Tab(t)

	shows := func(what, js string) { t.Helper(); browsertest.WaitFor(t, ctx, what, js) }
	title := func(want string) string {
		return fmt.Sprintf(`document.querySelector("h1") !== null && document.querySelector("h1").textContent === %q`, want)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(p.url+"/small/")); err != nil {
		t.Fatal(err)
	}
	shows("its title", title("Small")+` && document.getElementById("partlab-problems") === null`)
	// A reload forgets this; the edit must come by reloading, not by script.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.partlabOpened = true`)); err != nil {
		t.Fatal(err)
	}

	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small, edited", 1))
	p.poll()
	shows("the edit", title("Small, edited")+` && window.partlabOpened === undefined`)

	p.edit(t, "small.yaml", brokenYAML)
	p.poll()
	shows("the problems over the last good page", title("Small, edited")+` && (function () {
		var p = document.getElementById("partlab-problems");
		return p !== null && p.textContent.indexOf("<b>x</b>: unknown field") >= 0 &&
			p.textContent.indexOf("cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)") >= 0;
	}())`)

	p.edit(t, "small.yaml", strings.Replace(smallYAML, "Small", "Small, fixed", 1))
	p.poll()
	shows("the fixed page", title("Small, fixed")+` && document.getElementById("partlab-problems") === null`)
}

// TestServeSiteBrowser opens an init course's site in Chromium: serve shows
// site.yaml's title and order; a scenario file added shows in the open
// index without a restart and a deleted one leaves it; editing an image
// reloads the page that shows it.
func TestServeSiteBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the browser test in -short mode")
	}
	script := templates.ECharts
	p := startCourse(t, script)
	ctx := browser.Tab(t)
	shows := func(what, js string) { t.Helper(); browsertest.WaitFor(t, ctx, what, js) }
	// entries is the index's pages, by title, in order.
	entries := `Array.from(document.querySelectorAll("main h2 a")).map(function (a) { return a.textContent; }).join("|")`
	if err := chromedp.Do(ctx, chromedp.Navigate(p.url+"/")); err != nil {
		t.Fatal(err)
	}
	shows("site.yaml's title", `document.title === "Partitioned logs — partlab" && document.querySelector("h1").textContent === "Partitioned logs"`)
	first, err := chromedp.Run(ctx, chromedp.Evaluate[string](entries))
	if err != nil || first == "" {
		t.Fatalf("the index lists no page (%v)", err)
	}

	p.edit(t, "scenarios/img/diagram.svg", diagram("red"))
	p.edit(t, "scenarios/basics.yaml", courseScenario)
	p.edit(t, "site.yaml", strings.Replace(p.read(t, "site.yaml"), "order: [partitions]", "order: [basics, partitions]", 1))
	p.settle()
	shows("the added page first, in site.yaml's order", entries+` === "Basics|`+first+`"`)

	p.edit(t, "site.yaml", strings.Replace(p.read(t, "site.yaml"), "order: [basics, partitions]", "order: [partitions]", 1))
	p.remove(t, "scenarios/basics.yaml")
	p.settle()
	shows("the index without the deleted page", entries+` === "`+first+`"`)

	p.edit(t, "scenarios/basics.yaml", courseScenario)
	p.settle()
	navigate(t, ctx, p.url+"/basics/")
	shows("the page with its image", `document.querySelector("h1").textContent === "Basics" && document.querySelector("img") !== null && document.querySelector("img").complete`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.partlabOpened = true`)); err != nil {
		t.Fatal(err)
	}
	p.edit(t, "scenarios/img/diagram.svg", diagram("blue"))
	p.settle()
	shows("the page reloaded for its image", `window.partlabOpened === undefined && document.querySelector("h1").textContent === "Basics"`)
}

// navigate opens url in the tab. An open page that the server has just
// told to reload can do so while the navigation runs, aborting it
// (net::ERR_ABORTED) or ending it on the reloaded page; either way it is
// tried again, a bounded number of times, until the tab shows url.
func navigate(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	var err error
	for range 5 {
		err = chromedp.Do(ctx, chromedp.Navigate(url))
		if err != nil && !strings.Contains(err.Error(), "ERR_ABORTED") {
			break
		}
		if err == nil {
			var at string
			if at, err = chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); err == nil && at == url {
				return
			}
			err = fmt.Errorf("the tab shows %s, not %s", at, url)
		}
	}
	t.Fatal(err)
}
