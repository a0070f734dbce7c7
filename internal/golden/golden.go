// Package golden compares a test's output with a file under testdata/ and,
// under -update, rewrites the file when it is generated. It is for tests only:
// the -update flag exists in the test binaries that import it, and every
// package of the module with tests imports it (blank where it has no golden
// file; TestEveryPackageAcceptsUpdate checks), so that one run,
// go test ./... -update, rewrites every generated golden.
//
// Some files under testdata/ are facts, not outputs: the lesson's own printed
// output, copied from its text. Our code must reproduce them, so -update never
// rewrites them; a fact that differs fails the test, with or without -update.
//
// A page that inlines its stylesheet and scripts is compared without them
// (WithoutAssets), so that its golden shows the page.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated golden files under testdata/ (never facts)")

// facts are the files, relative to the module's root, that hold what the
// lessons print; see cli/testdata/README.md and report/testdata/README.md.
var facts = []string{
	"cli/testdata/lesson.txt",
	"report/testdata/lesson-tables.txt",
}

// Check compares got with the file at path. It always compares first; under
// -update a generated file that differs (or is missing) is rewritten, and a
// fact that differs fails the test all the same.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	check(t, path, got, *update)
}

func check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	fact, err := isFact(path)
	if err != nil {
		t.Errorf("golden %s: %v", path, err)
		return
	}
	want, err := os.ReadFile(path)
	missing := errors.Is(err, fs.ErrNotExist)
	switch {
	case err == nil && bytes.Equal(got, want):
		return
	case fact && err != nil:
		t.Errorf("golden %s: %v (it is a fact, copied from the lesson; -update does not write it)", path, err)
	case fact:
		t.Errorf("%s: the output differs from this fact (the lesson's printed output, which -update never rewrites): %s", path, Diff(got, want))
	case err != nil && !missing:
		t.Errorf("golden %s: %v", path, err)
	case !update && missing:
		t.Errorf("golden %s: %v (rerun the test with -update to create it)", path, err)
	case !update:
		t.Errorf("%s: the output differs (rerun the test with -update to rewrite it after a deliberate change): %s", path, Diff(got, want))
	default:
		if err := write(path, got); err != nil {
			t.Errorf("golden %s: %v", path, err)
			return
		}
		t.Logf("rewrote %s", path)
	}
}

// Diff locates the first difference of got and want by line and column
// (both from 1) and shows that line of each; it is "" when they are equal.
func Diff(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	start := bytes.LastIndexByte(got[:i], '\n') + 1
	line := bytes.Count(got[:i], []byte("\n")) + 1
	return fmt.Sprintf("first difference at line %d, column %d: got %q, want %q",
		line, i-start+1, lineAt(got, start), lineAt(want, start))
}

// lineAt is the line of b that starts at start.
func lineAt(b []byte, start int) []byte {
	b = b[start:]
	if end := bytes.IndexByte(b, '\n'); end >= 0 {
		return b[:end]
	}
	return b
}

// isFact tells whether path is one of facts, by its place in the module.
func isFact(path string) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, abs)
			return err == nil && slices.Contains(facts, filepath.ToSlash(rel)), err
		}
		if filepath.Dir(dir) == dir {
			return false, fmt.Errorf("no go.mod above %s", abs)
		}
	}
}

// write replaces path whole or not at all: a temporary file beside it is
// renamed over it.
func write(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".golden-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
