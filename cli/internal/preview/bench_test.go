package preview

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/scaffold"
)

// BenchmarkServeRerender is the time from a save of the lesson scenario to
// a new render of the site (both shipped scenarios) in memory.
func BenchmarkServeRerender(b *testing.B) {
	lesson := filepath.Join("..", "..", "..", "scenarios", "messaging-systems.yaml")
	files := []string{lesson, filepath.Join("..", "..", "..", "scenarios", "day-24-partitions.yaml")}
	s := New(config(files, []byte("/* echarts */")))
	ctx := context.Background()
	s.rebuild(ctx, files)
	for b.Loop() {
		s.rebuild(ctx, []string{lesson})
	}
	if len(s.live.problems) > 0 {
		b.Fatal(s.live.problems)
	}
}

// BenchmarkServeEditOneOfTwenty is the time from a save of one scenario in
// a site of twenty (the init course's starter, twenty times) to the whole
// site rendered again with its settings and the change announced to the
// open pages.
func BenchmarkServeEditOneOfTwenty(b *testing.B) {
	dir := b.TempDir()
	starter, err := fs.ReadFile(scaffold.Files(), "scenarios/partitions.yaml")
	if err != nil {
		b.Fatal(err)
	}
	var files []string
	for i := range 20 {
		f := filepath.Join(dir, fmt.Sprintf("page%02d.yaml", i))
		if err := os.WriteFile(f, starter, 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	cfg := config(files, []byte("/* echarts */"))
	cfg.Folder = filepath.Join(dir, "*.yaml")
	s := New(cfg)
	ctx := context.Background()
	s.rebuild(ctx, files)
	edited := files[7]
	for i := 0; b.Loop(); i++ {
		src := strings.Replace(string(starter), "title: ", fmt.Sprintf("title: Edit %d, ", i), 1)
		if err := os.WriteFile(edited, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		at := time.Unix(1_700_000_000+int64(i), 0)
		os.Chtimes(edited, at, at)
		before := s.live.version
		s.poll(ctx)
		if s.live.version != before+1 || s.live.pages["page07/index.html"] != s.live.version {
			b.Fatalf("the edit was not announced: version %d, page version %d", s.live.version, s.live.pages["page07/index.html"])
		}
	}
	if len(s.live.problems) > 0 || len(s.results.good) != 20 {
		b.Fatal(s.live.problems)
	}
}
