package preview

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestWatcherChanges: what a poll finds after each kind of change on disk,
// the scenario files to compute again and whether the site renders again
// all the same.
func TestWatcherChanges(t *testing.T) {
	tests := []struct {
		name    string
		change  func(t *testing.T, touch func(name string), dir string)
		changed []string // by base name
		again   bool
	}{
		{"nothing", func(*testing.T, func(string), string) {}, nil, false},
		{"a scenario saved", func(_ *testing.T, touch func(string), _ string) { touch("b.yaml") }, []string{"b.yaml"}, false},
		{"an image a page uses", func(_ *testing.T, touch func(string), _ string) { touch("img.svg") }, []string{"a.yaml", "b.yaml"}, false},
		{"an image and a scenario that uses it", func(_ *testing.T, touch func(string), _ string) { touch("b.yaml"); touch("img.svg") }, []string{"b.yaml", "a.yaml"}, false},
		{"the settings", func(_ *testing.T, touch func(string), _ string) { touch("site.yaml") }, nil, true},
		{"a scenario added", func(_ *testing.T, touch func(string), _ string) { touch("c.yaml") }, []string{"c.yaml"}, true},
		{"a scenario removed", func(t *testing.T, _ func(string), dir string) {
			if err := os.Remove(filepath.Join(dir, "b.yaml")); err != nil {
				t.Fatal(err)
			}
		}, nil, true},
		{"an image used by a scenario removed", func(t *testing.T, touch func(string), dir string) {
			if err := os.Remove(filepath.Join(dir, "a.yaml")); err != nil {
				t.Fatal(err)
			}
			touch("img.svg")
		}, []string{"b.yaml"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			n := 0
			touch := func(name string) {
				n++
				at := time.Unix(1_700_000_000+int64(n), 0)
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, []byte(name), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(path, at, at); err != nil {
					t.Fatal(err)
				}
			}
			for _, name := range []string{"a.yaml", "b.yaml", "img.svg", "site.yaml"} {
				touch(name)
			}
			in := func(name string) string { return filepath.Join(dir, name) }
			// The folder's glob leaves out site.yaml, which sits beside
			// the scenarios here.
			w := watcher{files: []string{in("a.yaml"), in("b.yaml")}, folder: in("[a-c].yaml"), siteFile: in("site.yaml"), stamps: map[string]stamp{}}
			for _, f := range w.files {
				w.see(f)
			}
			w.seeSettings()
			w.watchUses(map[string][]string{in("img.svg"): {in("a.yaml"), in("b.yaml")}})

			tt.change(t, touch, dir)
			changed, again := w.changes()
			var want []string
			for _, name := range tt.changed {
				want = append(want, in(name))
			}
			if !slices.Equal(changed, want) || again != tt.again {
				t.Errorf("changes() = %q, %v; want %q, %v", changed, again, want, tt.again)
			}
		})
	}
}
