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
