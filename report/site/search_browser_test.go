package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chromedp/chromedp"
)

// searches types query into the search box of the open page of site: the
// page found (its folder) is listed first, with a section of it, and
// following the first link opens that page. A screenshot of the window
// with the results open goes to png, for people to look at. It leaves the
// page it checked, so it is a load's last check (see TestBrowser).
func searches(site, query, found, png string) func(context.Context) error {
	return func(ctx context.Context) error {
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(`input[type=search]`, query),
			chromedp.WaitVisible(`#site-search-results a`),
		); err != nil {
			return fmt.Errorf("search %s: %w", query, err)
		}
		links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#site-search-results a")).map(a => a.href)`))
		if err != nil {
			return err
		}
		if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(png, shot, 0o644)
		}
		want := "file://" + filepath.Join(site, found, pageFile)
		if len(links) == 0 || !strings.HasPrefix(links[0], want) {
			return fmt.Errorf("searching %s lists %v, want the page %s first", query, links, want)
		}
		if !strings.Contains(strings.Join(links, " "), want+"#") {
			return fmt.Errorf("searching %s lists %v, no section of %s", query, links, found)
		}
		err = chromedp.Do(ctx, chromedp.Click(`#site-search-results a`), chromedp.WaitReady(`h1`))
		opened, _ := chromedp.Run(ctx, chromedp.Location())
		if err != nil || !strings.HasPrefix(opened, want) {
			return fmt.Errorf("following the first result of %s opened %q (%v), want %s", query, opened, err, want)
		}
		return nil
	}
}
