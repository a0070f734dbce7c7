package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/partlab/partlab/internal/browsertest"
	"github.com/partlab/partlab/internal/testtool"
	reportsite "github.com/partlab/partlab/report/site"
)

// TestMain runs partlab's main (as the module's main.go does) instead of the tests when a test starts this
// binary as partlab (PARTLAB_TEST_MAIN=1); the hook tells the test on stderr
// that the work has begun, so the signal comes while it runs.
func TestMain(m *testing.M) {
	if os.Getenv("PARTLAB_TEST_MAIN") == "1" {
		testHookRun = func() { fmt.Fprintln(os.Stderr, running) }
		ctx, exit := Interruptible(context.Background(), os.Stderr)
		exit(Run(ctx, os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(browser.Main(m))
}

const running = "partlab test: running"

// browser is the package's one Chromium; TestMain stops it.
var browser = browsertest.New(reportsite.FindChromium)

// A signal stops partlab with 130 (SIGINT) or 143 (SIGTERM) while it works
// on a scenario that takes seconds: stdout stays empty and nothing is
// written, not even a temporary directory.
func TestSignalsStopTheWork(t *testing.T) {
	testtool.Slow(t, "starts partlab as a process on a million subscribers")
	dir := t.TempDir()
	scenario := filepath.Join(dir, "big.yaml")
	os.WriteFile(scenario, []byte(`title: big
source: {subscribers: 1000000}
cells:
  - grid: {keys: [subscriber, record, period], partitions: [1, 2, 4, 8, 16, 32], consumers: [1, 4, 16]}
`), 0o644)
	out := filepath.Join(dir, "site")
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		args []string
		code int
	}{
		{"results, SIGINT", syscall.SIGINT, []string{"results", scenario}, 130},
		{"results, SIGTERM", syscall.SIGTERM, []string{"results", "--format", "text", scenario}, 143},
		{"render, SIGINT", syscall.SIGINT, []string{"render", "-o", out, "--cdn", "https://cdn.invalid/e.js", scenario}, 130},
		{"render, SIGTERM", syscall.SIGTERM, []string{"render", "-o", out, "--cdn", "https://cdn.invalid/e.js", scenario}, 143},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], tc.args...)
			cmd.Env = append(os.Environ(), "PARTLAB_TEST_MAIN=1")
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewScanner(stderr)
			if !lines.Scan() || lines.Text() != running {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("partlab did not start: %q", lines.Text())
			}
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			var rest strings.Builder
			for lines.Scan() {
				rest.WriteString(lines.Text() + "\n")
			}
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("exit status %d (%v), want %d", code, cmd.ProcessState, tc.code)
			}
			if want := "partlab: interrupted by " + tc.name[strings.LastIndex(tc.name, " ")+1:] + "\n"; rest.String() != want {
				t.Errorf("stderr %q, want %q", rest.String(), want)
			}
			if stdout.Len() != 0 {
				t.Errorf("wrote %d bytes to stdout", stdout.Len())
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("files beside the scenario: %v", entries)
			}
		})
	}
}

// A run whose context a signal has cancelled writes nothing, even when its
// work ignores the context and finishes: results are buffered and the site
// is not published.
func TestInterruptedRunWritesNothing(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGINT})
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	for _, args := range [][]string{
		{"results", lessonYAML},
		{"results", "--format", "text", day24YAML},
		{"render", "-o", out, "--cdn", "https://cdn.invalid/e.js", lessonYAML},
	} {
		var stdout, stderr bytes.Buffer
		err := Run(ctx, args, &stdout, &stderr)
		if code := exitCode(err); code != 130 || stdout.Len() != 0 {
			t.Errorf("%v: error %v (exit %d), %d bytes on stdout", args, err, code, stdout.Len())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("render wrote %v", entries)
	}
}

// The safety net removes the temporary directories that appeared beside the
// output since the publisher started, and leaves others alone; once the
// publisher has returned, it removes nothing.
func TestCleanupRemovesOnlyNewTemps(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, ".site.tmp-1")
	os.Mkdir(old, 0o755)
	ctx := withCleanups(context.Background())
	unregister := onInterrupt(ctx, removeNewTemps(filepath.Join(dir, "site")))
	fresh := filepath.Join(dir, ".site.tmp-2")
	os.Mkdir(fresh, 0o755)
	runCleanups(ctx)
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the new temporary directory is still there: %v", err)
	}
	if _, err := os.Stat(old); err != nil {
		t.Errorf("another run's temporary directory was removed: %v", err)
	}
	unregister()
	os.Mkdir(fresh, 0o755)
	runCleanups(ctx)
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("removed after the publisher returned: %v", err)
	}
}
