package resultsdiff

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// Compare names each changed figure once, every flipped conclusion with its
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
		{"kind": "sizing", "id": "gone", "figures": {"minimum": 3}}]}`)
	cur := write("new.json", `{"title": "t", "cells": [
		{"kind": "grid", "id": "keys", "figures": {"max_load": 12, "idle": 0}, "conclusions": {"served_misleads": false}},
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
	notJSON := filepath.Join(dir, "x.yaml")
	os.WriteFile(notJSON, []byte("title: t\n"), 0o644)
	for _, tc := range []struct{ name, old, new string }{
		{"file and folder", file, dir},
		{"missing", file, filepath.Join(dir, "none.json")},
		{"not results", file, notJSON},
		{"folder without results", t.TempDir(), t.TempDir()},
	} {
		if _, err := Compare(tc.old, tc.new); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
