package cli

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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

// TestVariantsHowTo follows docs/how-to/variants.md on the shipped Day 24
// page with the how-to's variants: check --roster passes; every student's
// true figures, worked out here from each question's meaning with results
// --set (the speedup where consumers equal partitions, the idle count at
// twice the partitions), grade 4 of 4; and no student's page prints the
// two figures that follow their partition count.
func TestVariantsHowTo(t *testing.T) {
	dir := class(t, 12, secretA)
	page := day24Varied(t, dir)
	roster := []string{"--roster", "roster.csv", "--secret-file", "secret.txt"}
	if stdout, stderr, err := partlab(t, append(append([]string{"check"}, roster...), page)...); err != nil {
		t.Fatalf("check --roster: %v\n%s%s", err, stdout, stderr)
	}
	if _, stderr, err := partlab(t, append(append([]string{"render"}, roster...), "--teacher", "teacher", "-o", "site", page)...); err != nil {
		t.Fatalf("render --roster: %v\n%s", err, stderr)
	}
	data, err := os.ReadFile(filepath.Join("teacher", studentsFile))
	if err != nil {
		t.Fatal(err)
	}
	table, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int {
		i := slices.Index(table[0], name)
		if i < 0 {
			t.Fatalf("students.csv has no column %q: %v", name, table[0])
		}
		return i
	}
	token, partitions, seed := col("token"), col("cells.ceiling.partitions"), col("source.seed")
	files := []string{}
	seen := map[string]bool{}
	for _, row := range table[1:] {
		p, err := strconv.Atoi(row[partitions])
		if err != nil {
			t.Fatalf("partitions %q: %v", row[partitions], err)
		}
		seen[row[partitions]] = true
		figures := variantFigures(t, page, row[seed], p)
		answers := map[string]float64{
			"P1": figures["spread,hot_partitions,"],
			"P2": figures[fmt.Sprintf("ceiling,speedup,%d", p)],
			"P3": figures[fmt.Sprintf("ceiling,idle,%d", 2*p)],
			"P4": figures["ordering,key_inversions,"],
		}
		if answers["P2"] == 0 || answers["P3"] != float64(p) {
			t.Fatalf("%s at %d partitions: figures %v", row[token], p, answers)
		}
		name := row[token] + ".json"
		answersFile(t, name, row[token], answers, map[string]any{"scenario": "day-24-partitions"})
		files = append(files, name)
		html, err := os.ReadFile(filepath.Join("site", row[token], "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		text := pageText(string(html))
		for _, leak := range []string{fmt.Sprintf("%.2f×", answers["P2"]), fmt.Sprintf("%d sitting idle", p)} {
			if strings.Contains(text, leak) {
				t.Errorf("%s's page at %d partitions prints %q, a graded figure", row[token], p, leak)
			}
		}
	}
	if len(seen) < 2 {
		t.Errorf("12 students drew the partition counts %v: the test wants more than one", seen)
	}
	stdout, stderr, err := partlab(t, append(append(append([]string{"grade"}, roster...), page), files...)...)
	if err != nil {
		t.Fatalf("grade: %v\n%s", err, stderr)
	}
	for _, row := range gradebookRows(t, stdout) {
		if row[4] == "total" && (row[10] != "4" || row[11] != "4") {
			t.Errorf("%s's true figures scored %s of %s, want 4 of 4", row[0], row[10], row[11])
		}
	}
}

// variantFigures are the figures of the page computed with a student's
// seed and partition count, by "cell,figure,at".
func variantFigures(t *testing.T, page, seed string, partitions int) map[string]float64 {
	t.Helper()
	out, stderr, err := partlab(t, "results", "--format", "figures", "--set", "source.seed="+seed,
		"--set", fmt.Sprintf("cells.ceiling.partitions=%d", partitions), page)
	if err != nil {
		t.Fatalf("results --set: %v\n%s", err, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	figures := map[string]float64{}
	for _, r := range rows[1:] {
		v, err := strconv.ParseFloat(r[3], 64)
		if err == nil {
			figures[r[0]+","+r[1]+","+r[2]] = v
		}
	}
	return figures
}

// pageText is a page's text as a reader sees it: no tags, no scripts or
// styles, entities decoded.
func pageText(page string) string {
	for _, block := range []string{"script", "style"} {
		for {
			i := strings.Index(page, "<"+block)
			j := strings.Index(page, "</"+block+">")
			if i < 0 || j < i {
				break
			}
			page = page[:i] + page[j+len(block)+3:]
		}
	}
	var b strings.Builder
	inTag := false
	for _, r := range page {
		switch {
		case r == '<':
			inTag = true
		case r == '>':
			inTag = false
			b.WriteByte(' ')
		case !inTag:
			b.WriteRune(r)
		}
	}
	return html.UnescapeString(b.String())
}
