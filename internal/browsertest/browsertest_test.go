package browsertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

var browser = New(func() (string, error) { return exec.LookPath("chromium") })

func TestMain(m *testing.M) { os.Exit(browser.Main(m)) }

// TestTabsAreIsolated checks what the tests rely on: two tabs of the one
// browser share no storage, while a reload in one tab keeps its own.
func TestTabsAreIsolated(t *testing.T) {
	page := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(page, []byte("<!DOCTYPE html><title>t</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	first, second := browser.Tab(t), browser.Tab(t)
	const stored = `localStorage.getItem("k") || "none"`
	if err := chromedp.Do(first, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(first, chromedp.Evaluate[bool](`localStorage.setItem("k", "first"), true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(first, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if got, err := chromedp.Run(first, chromedp.Evaluate[string](stored)); err != nil || got != "first" {
		t.Errorf("the first tab after a reload holds %q (%v), want first", got, err)
	}
	if err := chromedp.Do(second, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	if got, err := chromedp.Run(second, chromedp.Evaluate[string](stored)); err != nil || got != "none" {
		t.Errorf("the second tab holds %q (%v), want none: the tabs share storage", got, err)
	}
}
