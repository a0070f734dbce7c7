package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
)

// shellBlocks are the lines of a Markdown file's ```sh blocks, in order.
func shellBlocks(text string) []string {
	var lines []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "```sh"):
			in = true
		case strings.HasPrefix(l, "```"):
			in = false
		case in && strings.TrimSpace(l) != "":
			lines = append(lines, l)
		}
	}
	return lines
}

// TestTutorial runs every command of docs/tutorial.md, in order, in one
// shell in an empty folder, with this test binary as the partlab on PATH
// (PARTLAB_TEST_MAIN=1, see TestMain).
func TestTutorial(t *testing.T) {
	testtool.Slow(t, "runs the tutorial in a shell, partlab as a process")
	_, err := exec.LookPath("git")
	testtool.Need(t, "the tutorial uses git", err)
	text, err := os.ReadFile(filepath.Join(root, "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := shellBlocks(string(text))
	if len(lines) < 10 {
		t.Fatalf("the tutorial has %d commands; want its every step", len(lines))
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(self, filepath.Join(bin, "partlab")); err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	for _, l := range lines {
		script.WriteString(l + "\n")
	}
	work := t.TempDir()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-exo", "pipefail", "-c", script.String())
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PARTLAB_TEST_MAIN=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the tutorial failed: %v\n%s", err, out)
	}
	for _, want := range []string{"partlab init: wrote a course repository", "1 held, 0 missed", "ceiling,speedup,4,", "ceiling.wall_s@1"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the tutorial's output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "my-course", "out", "partitions", "figures.csv")); err != nil {
		t.Error(err)
	}
}
