package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
)

// TestCourseSite runs partlab as a course author would: site.yaml beside
// scenarios/, a bare run, then a scenario removed and partlab run again,
// which removes its page and nothing partlab did not write.
func TestCourseSite(t *testing.T) {
	dir := scratch(t, map[string]string{
		"scenarios/a.yaml": "title: Alpha\ncells:\n  - md: The ceiling.\n",
		"scenarios/b.yaml": "title: Beta\ncells:\n  - md: Other.\n",
		"site.yaml":        "title: My Course\norder: [b, a]\nfavicon: icon.svg\nbase_url: https://example.org/c/\n",
		"icon.svg":         "<svg/>",
	})
	t.Chdir(dir)
	if err := Run(context.Background(), nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join("out", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "<h1>My Course</h1>") || strings.Index(string(index), "Beta") > strings.Index(string(index), "Alpha") {
		t.Error("the index is not titled My Course with Beta before Alpha")
	}
	for _, f := range []string{"favicon.svg", "sitemap.xml", "search.js", "partlab-manifest.json", "a/index.html", "b/index.html"} {
		if _, err := os.Stat(filepath.Join("out", f)); err != nil {
			t.Error(err)
		}
	}
	os.WriteFile(filepath.Join("out", "a", "notes.txt"), []byte("mine"), 0o644)
	os.Remove(filepath.Join("scenarios", "a.yaml"))
	os.WriteFile("site.yaml", []byte("title: My Course\n"), 0o644)
	if err := Run(context.Background(), nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"a/index.html", "a/results.json", "favicon.svg", "sitemap.xml"} {
		if _, err := os.Stat(filepath.Join("out", gone)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v, want it removed", gone, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join("out", "a", "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a/notes.txt, which partlab did not write: %q, %v", b, err)
	}
}

// TestSiteFileErrors checks that validate and render report a bad
// site.yaml at file:line:col, and render writes nothing.
func TestSiteFileErrors(t *testing.T) {
	dir := scratch(t, map[string]string{
		"scenarios/a.yaml": "title: Alpha\ncells:\n  - md: x\n",
		"site.yaml":        "title: T\norder: [a, zed]\n",
	})
	t.Chdir(dir)
	want := `site.yaml:2:12: order[1]: unknown scenario "zed" (want one of a)`
	for _, args := range [][]string{{"validate", "scenarios/a.yaml"}, {"render", "--cdn", "https://x/e.js", "scenarios/a.yaml"}} {
		err := Run(context.Background(), args, io.Discard, io.Discard)
		if err == nil || err.Error() != want || exitCode(err) != 1 {
			t.Errorf("%s: got %v, want %s", args[0], err, want)
		}
	}
	if _, err := os.Stat("out"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("render wrote out/ (%v)", err)
	}
	os.WriteFile("other.yaml", []byte("title: T\n"), 0o644)
	if err := Run(context.Background(), []string{"validate", "--site", "other.yaml", "scenarios/a.yaml"}, io.Discard, io.Discard); err != nil {
		t.Errorf("validate --site other.yaml: %v", err)
	}
}

func TestSchemaSite(t *testing.T) {
	var out strings.Builder
	if err := Run(context.Background(), []string{"schema", "--site"}, &out, io.Discard); err != nil || out.String() != string(scenarios.SiteSchema()) {
		t.Errorf("schema --site printed %d bytes, %v; want the site schema", out.Len(), err)
	}
}
