package site

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// TestSearchShowsAll types words into the index's search box and checks
// that the results list every page and section holding every word, in site
// order, each section under its page, a section matching on its own title
// and text alone (issue 29: "partition" matched 30 sections, the list
// stopped at 20, and every section matched a word of its page's title).
func TestSearchShowsAll(t *testing.T) {
	script, _ := browserNeeds(t)
	site := t.TempDir()
	if err := (Site{Notebooks: []Notebook{lesson(t), lab(t), rebalances(t)}, ECharts: script}).Write(site, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(site, searchFile))
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(strings.TrimPrefix(string(data), "var partlabSearch = "), ";\n")
	var entries []searchEntry
	if err := json.Unmarshal([]byte(head), &entries); err != nil {
		t.Fatalf("search.js: %v", err)
	}
	// want is what a query must list: each page that matches or holds a
	// section that does, as its link then its sections' links.
	want := func(query string) (links []string, pages, sections int) {
		words := strings.Fields(strings.ToLower(query))
		match := func(e searchEntry) bool {
			hay := strings.ToLower(e.Title + " " + e.Text)
			for _, w := range words {
				if !strings.Contains(hay, w) {
					return false
				}
			}
			return true
		}
		for i := 0; i < len(entries); {
			page, group := entries[i], []string(nil)
			for i++; i < len(entries) && strings.Contains(entries[i].URL, "#"); i++ {
				if match(entries[i]) {
					group = append(group, "file://"+filepath.Join(site, entries[i].URL))
				}
			}
			if match(page) || group != nil {
				links = append(links, "file://"+filepath.Join(site, page.URL))
				links = append(links, group...)
				pages++
				sections += len(group)
			}
		}
		return links, pages, sections
	}
	tests := []struct {
		name, query string
		atLeast     int // sections the query must find
	}{
		{"many", "partition", 21},
		{"two-words", "sticky partitioner", 1},
		{"page-title-word", "messaging", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := &problems{}
			tab := browser.Tab(t, chromedp.WithListener(p.listen))
			ctx, cancel := context.WithTimeout(tab, 60*time.Second)
			defer cancel()
			err := chromedp.Do(ctx,
				chromedp.Navigate("file://"+filepath.Join(site, pageFile)),
				chromedp.SendKeys(`input[type=search]`, tt.query),
				chromedp.WaitVisible(`#site-search-results a`),
			)
			if err != nil {
				t.Fatalf("search: %v", err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#site-search-results a")).map(a => a.href)`))
			if err != nil {
				t.Fatal(err)
			}
			links, pages, sections := want(tt.query)
			t.Logf("%q: %d pages, %d sections", tt.query, pages, sections)
			if sections < tt.atLeast {
				t.Fatalf("%q matches %d sections, want at least %d: the test's pages changed", tt.query, sections, tt.atLeast)
			}
			if strings.Join(got, "\n") != strings.Join(links, "\n") {
				t.Errorf("searching %q lists\n%s\nwant\n%s", tt.query, strings.Join(got, "\n"), strings.Join(links, "\n"))
			}
			nested, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#site-search-results .search-page ul a").length`))
			if err != nil || nested != sections {
				t.Errorf("%d section links sit under their page's (%v), want %d", nested, err, sections)
			}
			status, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#site-search-results .search-status").textContent`))
			if w := fmt.Sprintf("%d page%s, %d section%s", pages, plural(pages), sections, plural(sections)); err != nil || status != w {
				t.Errorf("the results say %q (%v), want %q", status, err, w)
			}
			if errs := p.all(); len(errs) > 0 {
				t.Errorf("the page reported:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

// plural is the s of a count's noun.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
