package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateFindsTemplateErrors checks that validate runs every template
// against the results, as render would, and reports every error of every
// file at once (a text's execution stops at its first), each at its
// file:line:col.
func TestValidateFindsTemplateErrors(t *testing.T) {
	dir := t.TempDir()
	scenario := func(name string, md ...string) string {
		f := filepath.Join(dir, name)
		src := "title: t\ncells:\n  - grid: {id: keys, keys: [record], partitions: [2, 4]}\n"
		for _, m := range md {
			src += "  - md: |\n      " + m + "\n"
		}
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	a := scenario("a.yaml", "{{ .Nope }}", "and {{ (grid \"nope\").Records }}")
	b := scenario("b.yaml", "{{ (row \"keys\" \"record\" 3).Rows }}")
	good := scenario("good.yaml", "{{ (row \"keys\" \"record\" 4).Rows }}")
	_, _, err := partlab(t, "validate", a, good, b)
	if err == nil {
		t.Fatal("validate passed templates that render fails")
	}
	for _, want := range []string{
		a + `:5:10: cells[1].md: template: .Nope: no field "Nope" in the scenario (want one of .Title, .Source, .Baseline)`,
		a + `:7:15: cells[2].md: template: grid "nope": no grid cell "nope" (want one of "keys")`,
		b + `:5:11: cells[1].md: template: row "keys" "record" 3: grid "keys" has no row for key "record", 3 partitions and 4 consumers`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("validate: %v\nwant %s", err, want)
		}
	}
	if strings.Contains(err.Error(), good) || exitCode(err) != 1 {
		t.Errorf("validate: %v (exit %d), want only a and b, exit 1", err, exitCode(err))
	}
	if _, _, err := partlab(t, "validate", good); err != nil {
		t.Errorf("validate good: %v", err)
	}
}

// TestEveryProblemAtOnce builds a file with one error of each stage — a
// value the decoder refuses, a prediction naming a figure no cell computes,
// a template naming a field no value has, an image that is not there, and
// a template that names the broken cell, which repeats that cell's error
// and is not reported — and expects validate and render to report all of
// them in one run, in file order, and render to write nothing.
func TestEveryProblemAtOnce(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "all.yaml")
	src := `title: t
cells:
  - grid: {id: keys, keys: [record], partitions: [2, 4]}
  - sizing: {id: size, target: 10, per_consumer: 0}
  - predictions: [{name: P1, actual: keys.nope@record/2/4}]
  - md: |
      {{ .Nope }}
  - md: |
      ![a chart](missing.png)
  - md: |
      {{ (cell "size").Minimum }}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{
		file + `:4:50: cells[1].sizing.per_consumer: must be between 1 and 1000000000 (got 0)`,
		file + `:5:38: cells[2].predictions[0].actual: the grid cell "keys" computes no "nope@record/2/4" (nearest: keys.idle@record/2/4,`,
		file + `:7:10: cells[3].md: template: .Nope: no field "Nope" in the scenario`,
		file + `:9:18: cells[4].md: image "missing.png"`,
	}
	for _, cmd := range [][]string{{"validate", file}, {"render", "-o", filepath.Join(dir, "out"), file}} {
		_, _, err := partlab(t, cmd...)
		if err == nil {
			t.Fatalf("%s passed a file with errors", cmd[0])
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != len(want) {
			t.Errorf("%s: %d problems, want %d:\n%v", cmd[0], len(lines), len(want), err)
		}
		for i, w := range want {
			if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
				t.Errorf("%s: problem %d:\n%v\nwant it to start with\n%s", cmd[0], i+1, err, w)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("render wrote %s for a file with errors (%v)", filepath.Join(dir, "out"), err)
	}
}
