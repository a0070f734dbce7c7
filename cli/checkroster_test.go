package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The how-to's variants (docs/how-to/variants.md) on the shipped Day 24
// page, with nothing else edited.
const howToVary = "variants: {vary: {source.seed: any, cells.ceiling.partitions: [6, 8, 12]}}\n"

// day24Varied writes the shipped Day 24 page with the how-to's variants
// into dir and returns its path.
func day24Varied(t *testing.T, dir string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, "scenarios", "day-24-partitions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Replace(string(src), "\ncells:\n", "\n"+howToVary+"cells:\n", 1)
	path := filepath.Join(dir, "day-24-partitions.yaml")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A page that names a figure by a number that is a varied value of its
// cell is reported at each place it does, with the relative form to write.
func TestCheckRosterLiteral(t *testing.T) {
	class(t, 20, secretA)
	stdout, _, err := partlab(t, "check", "--roster", "roster.csv", "--secret-file", "secret.txt", variantsYAML)
	if err == nil || !strings.Contains(err.Error(), "not safe to vary") {
		t.Fatalf("check --roster: %v, want it to refuse the literal figures\n%s", err, stdout)
	}
	for _, want := range []string{
		// The scoreboard's P2, in the YAML.
		`day-24.yaml:246:58: cells[22].predictions.items[1].actual: ceiling.speedup@8 names partitions' value 8 literally: write ceiling.speedup@partitions`,
		// The Traps' template and the worked answer of P2, in the Markdown,
		// at the figure's name.
		`day-24.yaml:94:71: cells[6].md: ceiling.speedup@8 names partitions' value 8 literally: write ceiling.speedup@partitions`,
		`day-24.yaml:259:57: cells[23].md: ceiling.speedup@8 names partitions' value 8 literally: write ceiling.speedup@partitions`,
		// The expectation.
		`day-24.yaml:290:13: expect[0].figure: ceiling.speedup@8 names partitions' value 8 literally: write ceiling.speedup@partitions`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("check --roster does not report\n%s\nin:\n%s", want, stdout)
		}
	}
	if n := strings.Count(stdout, "ceiling.idle@16 names"); n != 0 {
		t.Errorf("idle@16 is reported as naming a varied value, which it is not:\n%s", stdout)
	}
	if !regexp.MustCompile(`(?m); \d+ figures named by a varied value$`).MatchString(stdout) {
		t.Errorf("the summary does not count the literal figures:\n%s", stdout)
	}
}

// The shipped Day 24 page with the how-to's variants is safe to vary:
// check --roster passes, every expectation holding on every variant.
func TestCheckRosterDay24(t *testing.T) {
	dir := class(t, 30, secretA)
	page := day24Varied(t, dir)
	stdout, stderr, err := partlab(t, "check", "--roster", "roster.csv", "--secret-file", "secret.txt", page)
	if err != nil {
		t.Fatalf("check --roster: %v\n%s%s", err, stdout, stderr)
	}
	if !strings.Contains(stdout, "check: 120 expectations on 30 students of 1 file: 120 held, 0 missed\n") {
		t.Errorf("check --roster says:\n%s", stdout)
	}
}
