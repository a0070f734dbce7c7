// Package browsertest runs one headless Chromium for a test binary and gives
// each test a tab in a browser context of its own, so that tests share the
// browser's start but not its storage, cookies or cache. It is for tests
// only; it is not how render --pdf starts Chromium, which has its own flags
// and lifetime in package report.
//
// A package's TestMain owns the browser:
//
//	var browser = browsertest.New(report.FindChromium)
//
//	func TestMain(m *testing.M) { os.Exit(browser.Main(m)) }
//
// The browser starts with the first test that asks for a tab, so a run of
// tests that need none never starts it, and stops when the tests are done.
package browsertest

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/partlab/partlab/internal/testtool"
)

// Browser is a headless Chromium shared by a test binary's tests.
type Browser struct {
	find func() (string, error)

	once    sync.Once
	ctx     context.Context // the browser's first tab, which holds it open
	stop    func()
	dataDir string
	exeErr  error // Chromium is missing: tests skip, or fail in CI
	err     error // Chromium is there but did not start: tests fail
}

// New returns a Browser that find locates, for instance report.FindChromium;
// nothing starts until a test asks for a tab.
func New(find func() (string, error)) *Browser {
	return &Browser{find: find}
}

// Main runs the tests and then stops the browser if a test started it. It
// returns the exit code for os.Exit.
func (b *Browser) Main(m *testing.M) int {
	code := m.Run()
	b.once.Do(func() {}) // no test may start it from now on
	if b.stop != nil {
		b.stop()
	}
	if b.dataDir != "" {
		os.RemoveAll(b.dataDir)
	}
	return code
}

// flags are the ones this browser runs with: headless as root in a container
// (no sandbox, no GPU, no shared memory in /dev/shm), and quiet on the
// network, so that nothing but the test's pages is loaded.
func flags(exe, dataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
		chromedp.UserDataDir(dataDir),
		chromedp.CombinedOutput(io.Discard),
	}
}

// start finds and starts Chromium, once for the binary.
func (b *Browser) start() {
	exe, err := b.find()
	if err != nil {
		b.exeErr = err
		return
	}
	if b.dataDir, err = os.MkdirTemp("", "browsertest-"); err != nil {
		b.err = err
		return
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags(exe, b.dataDir)...)
	ctx, cancel := chromedp.NewContext(alloc)
	b.stop = func() { cancel(); cancelAlloc() }
	// No deadline: one on the first run would kill the browser when it
	// passes, so each test bounds its own steps.
	if err := chromedp.Do(ctx); err != nil {
		b.err = fmt.Errorf("start %s: %w", exe, err)
		return
	}
	b.ctx = ctx
}

// Tab opens a new tab in a new browser context, with opts (a listener, for
// instance), and closes both when the test ends. It starts the browser for
// the first test that asks; in -short mode the test is skipped (see
// testtool.Slow), and without Chromium too, or it fails in CI (see
// testtool.Need).
func (b *Browser) Tab(t testing.TB, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	testtool.Slow(t, "starts Chromium")
	b.once.Do(b.start)
	testtool.Need(t, "the browser test needs Chromium", b.exeErr)
	if b.err != nil {
		t.Fatal(b.err)
	}
	if b.ctx == nil {
		t.Fatal("the browser was asked for a tab after its tests ended")
	}
	tab, cancel := chromedp.NewContext(b.ctx, append([]chromedp.ContextOption{chromedp.WithNewBrowserContext()}, opts...)...)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	return tab
}

// patience bounds a wait on a page: generous, since a wait ends as soon as
// what it waits for happens.
const patience = 5 * time.Minute

// WaitFor waits until js, an expression, is true in the tab's page, and
// fails the test with what the page shows when it never is. It asks again
// after an error, since a reload interrupts whatever runs then.
func WaitFor(t testing.TB, ctx context.Context, what, js string) {
	t.Helper()
	wait, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	every := time.NewTicker(20 * time.Millisecond)
	defer every.Stop()
	for {
		ok, err := chromedp.Run(wait, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		select {
		case <-every.C:
			continue
		case <-wait.Done():
		}
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("the page never showed %s (last error: %v); it shows:\n%s", what, err, text)
	}
}
