package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/partlab/partlab/scenarios"
)

func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		code int
	}{
		{"ok", nil, 0},
		{"help", flag.ErrHelp, 0},
		{"scenario error", &scenarios.Error{File: "a.yaml", Line: 1, Col: 1, Msg: "bad"}, 1},
		{"run error", errors.New("disk full"), 1},
		{"usage", usageError{error: errors.New("unknown command")}, 2},
		{"usage among others", errors.Join(errors.New("x"), usageError{error: errors.New("y")}), 2},
		{"internal", &internalError{value: "boom"}, 3},
		{"sigint", interrupted{syscall.SIGINT}, 130},
		{"sigterm, wrapped", fmt.Errorf("a.yaml: %w", interrupted{syscall.SIGTERM}), 143},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := exitCode(tc.err); got != tc.code {
				t.Errorf("exitCode(%v) = %d, want %d", tc.err, got, tc.code)
			}
		})
	}
}

// A signal decides the status and the message, whatever the work returned.
func TestFinishAfterASignal(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGTERM})
	for _, err := range []error{nil, context.Canceled, errors.New("kafka engine: could not reach the brokers")} {
		var stderr bytes.Buffer
		if code := finish(ctx, err, &stderr); code != 143 || stderr.String() != "partlab: interrupted by SIGTERM\n" {
			t.Errorf("work returned %v: exit %d, stderr %q", err, code, stderr.String())
		}
	}
}

// A panic in run is an internal error: exit 3, a request to report it and
// the stack on stderr. The panic is injected through the test hook.
func TestPanicIsAnInternalError(t *testing.T) {
	testHookRun = func() { panic("injected \x1b[31mfailure") }
	defer func() { testHookRun = nil }()
	out, _, err := partlab(t, "validate", lessonYAML)
	var stderr bytes.Buffer
	code := finish(context.Background(), err, &stderr)
	got := stderr.String()
	if code != 3 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	want := "partlab: internal error, please report\ninjected \\x1b[31mfailure\ngoroutine "
	if !strings.HasPrefix(got, want) || !strings.Contains(got, "cli.Run(") {
		t.Errorf("stderr %q, want it to start with %q and hold the stack through run", got, want)
	}
}

// Scenario text in an error reaches the terminal with its control
// characters escaped: a key holding ESC and BEL is printed as \x1b and \x07.
func TestErrorsEscapeControlCharacters(t *testing.T) {
	file := filepath.Join(t.TempDir(), "esc.yaml")
	os.WriteFile(file, []byte("title: \"\\e]0;owned\\a\"\ncells:\n  - grid: {keys: [record], partitions: [2], \"\\e[2J\\a\": 1}\n"), 0o644)
	_, _, err := partlab(t, "results", file)
	if err == nil {
		t.Fatal("no error for an unknown field")
	}
	var stderr bytes.Buffer
	if code := finish(context.Background(), err, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	got := stderr.String()
	want := file + `:3:45: cells[0].grid.\x1b[2J\x07: unknown field`
	if strings.ContainsAny(got, "\x1b\x07") || !strings.HasPrefix(got, "partlab: "+want) {
		t.Errorf("stderr %q, want it to start with %q and hold no ESC or BEL", got, "partlab: "+want)
	}
}

func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text, tabs\tand\nnewlines", "plain text, tabs\tand\nnewlines"},
		{"\x1b[31mred\x07", `\x1b[31mred\x07`},
		{"cr\rnul\x00del\x7f", `cr\x0dnul\x00del\x7f`},
		{"c1 \u009b2J and \u0085", `c1 \u009b2J and \u0085`},
		{"not utf-8: \x9b\xff", `not utf-8: \x9b\xff`},
		{"kept: é … 日本 \u00a0", "kept: é … 日本 \u00a0"},
	} {
		if got := printable(tc.in); got != tc.want {
			t.Errorf("printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Every line of a report of several problems carries the prefix, the first
// as the others.
func TestEveryLineHasThePrefix(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.yaml")
	os.WriteFile(file, []byte("title: t\nsource: {periods: 0}\ncells:\n  - grid: {keys: [x], partitions: [0]}\n"), 0o644)
	_, _, err := partlab(t, "validate", file)
	var stderr bytes.Buffer
	finish(context.Background(), err, &stderr)
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("stderr %q, want three problems", stderr.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "partlab: "+file+":") {
			t.Errorf("line %q does not start with %q", l, "partlab: "+file+":")
		}
	}
}
