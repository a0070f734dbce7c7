package contain

import (
	"os"
	"path/filepath"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// tree makes, under a fresh folder, out/ with page/, out2/, elsewhere/,
// and links into and out of out, and returns the folder.
func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"out/page", "out2", "elsewhere"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"into-out":        "out",             // a link to out, beside it
		"into-page":       "out/page",        // a link into out
		"out/up":          "../elsewhere",    // a link out of out
		"out/dangling-in": "page/new.html",   // a link to a file not yet made, inside
		"out/dangling-up": "../elsewhere/no", // a link to a file not yet made, outside
		"out/loop-a":      "loop-b",
		"out/loop-b":      "loop-a",
	}
	for name, to := range links {
		if err := os.Symlink(to, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestWithin(t *testing.T) {
	dir := tree(t)
	tests := []struct {
		name, root, path string
		want             bool
	}{
		{"the folder itself", "out", "out", true},
		{"a folder inside", "out", "out/page", true},
		{"not made yet", "out", "out/new/deeper/x.html", true},
		{"a sibling with a shared prefix", "out", "out2", false},
		{"the parent", "out", ".", false},
		{"dot-dot back inside", "out", "out/page/../page/x", true},
		{"dot-dot out", "out", "out/../elsewhere", false},
		{"a link to the folder", "out", "into-out", true},
		{"a link into the folder", "out", "into-page/x", true},
		{"the folder by its link", "into-out", "out/page", true},
		{"a link out of the folder", "out", "out/up", false},
		{"below a link out", "out", "out/up/x/y", false},
		{"a dangling link inside", "out", "out/dangling-in", true},
		{"a dangling link out", "out", "out/dangling-up", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Within(filepath.Join(dir, tt.root), filepath.Join(dir, tt.path))
			if err != nil || got != tt.want {
				t.Errorf("Within(%s, %s) = %v, %v; want %v", tt.root, tt.path, got, err, tt.want)
			}
		})
	}
	if _, err := Within(filepath.Join(dir, "out"), filepath.Join(dir, "out/loop-a")); err == nil {
		t.Error("a loop of links resolved")
	}
}

func TestOverlap(t *testing.T) {
	dir := tree(t)
	tests := []struct {
		name, a, b string
		want       bool
	}{
		{"equal", "out", "out", true},
		{"a inside b", "out/key", "out", true},
		{"b inside a", "out", "out/key", true},
		{"inside through a link", "into-page/key", "out", true},
		{"a shared prefix", "out", "out2", false},
		{"apart", "out2/key", "elsewhere/key", false},
		{"apart, neither made", "new/a", "new/b", false},
		{"out through a link", "out/up/key", "out", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Overlap(filepath.Join(dir, tt.a), filepath.Join(dir, tt.b))
			if err != nil || got != tt.want {
				t.Errorf("Overlap(%s, %s) = %v, %v; want %v", tt.a, tt.b, got, err, tt.want)
			}
		})
	}
}

func TestRel(t *testing.T) {
	dir := tree(t)
	for path, want := range map[string]string{"out": ".", "into-page/x": "page/x", "out/dangling-in": "page/new.html"} {
		got, inside, err := Rel(filepath.Join(dir, "out"), filepath.Join(dir, path))
		if err != nil || !inside || got != want {
			t.Errorf("Rel(out, %s) = %q, %v, %v; want %q", path, got, inside, err, want)
		}
	}
}
