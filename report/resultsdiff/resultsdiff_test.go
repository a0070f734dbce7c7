package resultsdiff

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// Compare names each changed figure once, in the order a reader counts, every flipped conclusion with its
// words, and the cells on one side only; two equal files are no change.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old := write("old.json", `{"title": "t", "cells": [
		{"kind": "grid", "id": "keys", "figures": {"max_load": 10, "idle": 0}, "conclusions": {"served_misleads": true}},
		{"kind": "throughput", "id": "tp", "figures": {"speedup@2": 2, "speedup@16": 8, "speedup@4": 4}},
		{"kind": "sizing", "id": "gone", "figures": {"minimum": 3}}]}`)
	cur := write("new.json", `{"format": 1, "title": "t", "cells": [
		{"kind": "grid", "id": "keys", "figures": {"max_load": 12, "idle": 0}, "conclusions": {"served_misleads": false}},
		{"kind": "throughput", "id": "tp", "figures": {"speedup@2": 1.9, "speedup@16": 7, "speedup@4": 3.5}},
		{"kind": "sizing", "id": "fresh", "figures": {"minimum": 3}}]}`)
	same, err := Compare(old, old)
	if err != nil || same != nil {
		t.Fatalf("a file against itself: %v, %v; want no change", same, err)
	}
	diffs, err := Compare(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := Text(&text, diffs); err != nil {
		t.Fatal(err)
	}
	// Two files are one scenario, named after the old file's folder.
	want := filepath.Base(dir) + `: changed
  grid cell keys: changed
    conclusion served_misleads: true → false: the served number no longer misleads
    keys.max_load: 10 → 12
  throughput cell tp: changed
    tp.speedup@2: 2 → 1.9
    tp.speedup@4: 4 → 3.5
    tp.speedup@16: 8 → 7
  sizing cell fresh: added
    fresh.minimum: — → 3
  sizing cell gone: removed
    gone.minimum: 3 → —
`
	if text.String() != want {
		t.Errorf("got\n%s\nwant\n%s", text.String(), want)
	}
}

func TestCompareRefuses(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "results.json")
	os.WriteFile(file, []byte(`{"title": "t", "cells": []}`), 0o644)
	newer := filepath.Join(dir, "newer.json")
	os.WriteFile(newer, []byte(`{"format": 99, "title": "t", "cells": []}`), 0o644)
	notJSON := filepath.Join(dir, "x.yaml")
	os.WriteFile(notJSON, []byte("title: t\n"), 0o644)
	for _, tc := range []struct{ name, old, new, want string }{
		{"file and folder", file, dir, "no */results.json in this folder"},
		{"missing", file, filepath.Join(dir, "none.json"), "none.json"},
		{"not results", file, notJSON, "not a partlab results.json"},
		{"a newer format", file, newer, "newer.json: results.json format 99, and this partlab reads up to 1"},
		{"folder without results", t.TempDir(), t.TempDir(), "no */results.json in this folder"},
	} {
		if _, err := Compare(tc.old, tc.new); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}
