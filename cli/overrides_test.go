package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that reads a scenario takes --set and --params, in the
// order given, and reports a bad override at the override with status 1; a
// --set that is not PATH=VALUE is a usage error, status 2.
func TestOverrideFlags(t *testing.T) {
	dir := scratch(t, map[string]string{
		"params.yaml":  "source:\n  seed: 7\n  periods: 13\n",
		"seed.yaml":    "source.seed: 9\n",
		"unknown.yaml": "cells.kyes.partitions: [1]\n",
	})
	params := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string // a substring of stdout
		stderr string // the error, with dir as D
	}{
		{"results --set", []string{"results", "--set", "source.seed=7", "--set", "source.periods=2", "--format", "csv", lessonYAML}, 0, "", ""},
		{"results, a later value wins", []string{"results", "--params", params("seed.yaml"), "--set", "source.seed=7", lessonYAML}, 0, `"title"`, ""},
		{"validate --set", []string{"validate", "--set", "cells.keys.partitions=[1, 2, 4, 8, 16]", lessonYAML}, 0, "", ""},
		{"validate, out of bounds", []string{"validate", "--set", "cells.keys.partitions=[0]", lessonYAML}, 1, "",
			"--set cells.keys.partitions: cells[1].grid.partitions[0]: must be between 1 and 4096 (got 0)"},
		{"render, unknown path", []string{"render", "-o", filepath.Join(dir, "out"), "--set", "source.sed=7", lessonYAML}, 1, "",
			`--set source.sed: unknown path "source.sed" (did you mean "source.seed"?)`},
		{"params, out of bounds", []string{"validate", "--params", params("params.yaml"), lessonYAML}, 1, "",
			"D/params.yaml:3:12: source.periods: must be between 1 and 12 (got 13)"},
		{"params, unknown path", []string{"results", "--params", params("unknown.yaml"), lessonYAML}, 1, "",
			`D/unknown.yaml:1:1: unknown path "cells.kyes.partitions" (did you mean "cells.keys.partitions"?)`},
		{"params, missing file", []string{"validate", "--params", params("none.yaml"), lessonYAML}, 1, "", "D/none.yaml does not exist"},
		{"a template in an overridden summary", []string{"validate", "--set", "summary=x {{ if }}", lessonYAML}, 1, "",
			"--set summary: summary: template: missing value for if"},
		{"not PATH=VALUE", []string{"results", "--set", "source.seed", lessonYAML}, 2, "",
			`invalid value "source.seed" for flag -set: want PATH=VALUE, such as source.seed=7 (got "source.seed")`},
		{"a template unquoted", []string{"validate", "--set", "summary={{ .Source.Seed }}", lessonYAML}, 2, "",
			`invalid value "summary={{ .Source.Seed }}" for flag -set: summary: a mapping's keys must be names (got a mapping); quote text that starts with { or [`},
		{"not YAML", []string{"validate", "--set", "source.seed=[1", lessonYAML}, 2, "",
			`invalid value "source.seed=[1" for flag -set: source.seed: value is not YAML`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, err := partlab(t, tc.args...)
			if got := exitCode(err); got != tc.code {
				t.Fatalf("exit %d, want %d: %v\n%s", got, tc.code, err, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout has no %q:\n%s", tc.stdout, stdout)
			}
			if msg := ""; err != nil {
				msg = strings.ReplaceAll(err.Error(), dir, "D")
				if !strings.Contains(msg, tc.stderr) {
					t.Errorf("error\n%s\nhas no\n%s", msg, tc.stderr)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("a failed render wrote its folder: %v", err)
	}
}

// The overrides reach the engine (results differ as the seed does) and the
// page's header lists them, escaped.
func TestOverridesInResultsAndPage(t *testing.T) {
	plain, _, err := partlab(t, "results", "--format", "text", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	seeded, _, err := partlab(t, "results", "--format", "text", "--set", "source.seed=7", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	if plain == seeded {
		t.Error("--set source.seed=7 leaves the results as they were")
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, _, err := partlab(t, "render", "--cdn", "https://example.org/echarts.js", "-o", out,
		"--set", "source.seed=7", "--set", "title=<b>Seven</b>", lessonYAML); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "messaging-systems", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<p class="files overridden">overridden: <code>source.seed = 7</code> · <code>title = &lt;b&gt;Seven&lt;/b&gt;</code></p>`
	if !strings.Contains(string(page), want) {
		t.Errorf("the page's header has no\n%s", want)
	}
}
