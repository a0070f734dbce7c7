package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/resultsdiff"
)

// TestDiff renders the lesson and a copy with another seed, and a small
// scenario that exists on one side only, then compares them every way.
func TestDiff(t *testing.T) {
	lessonSrc, err := os.ReadFile(lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	dir := scratch(t, map[string]string{
		"old/messaging-systems.yaml": string(lessonSrc),
		"new/messaging-systems.yaml": strings.Replace(string(lessonSrc), "seed: 20260218", "seed: 7", 1),
		"old/gone.yaml":              "title: Gone\ncells:\n  - sizing: {id: s, target: 10, per_consumer: 5}\n",
		"new/fresh.yaml":             "title: Fresh\ncells:\n  - sizing: {id: s, target: 10, per_consumer: 5}\n",
	})
	path := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	for _, side := range []string{"old", "new"} {
		files, _ := filepath.Glob(path(side + "/*.yaml"))
		if _, _, err := partlab(t, append([]string{"render", "-o", path("out-" + side), "--cdn", "https://x/e.js"}, files...)...); err != nil {
			t.Fatal(err)
		}
	}
	lessonOld, lessonNew := path("out-old/messaging-systems/results.json"), path("out-new/messaging-systems/results.json")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string // in stdout, or in the error for code 2
		not  []string
	}{
		{"same file", []string{lessonOld, lessonOld}, 0, []string{"no figure or conclusion changed\n"}, nil},
		{"same folder", []string{path("out-old"), path("out-old")}, 0, []string{"no figure or conclusion changed\n"}, nil},
		{"another seed", []string{lessonOld, lessonNew}, 1, []string{
			"messaging-systems: changed\n  grid cell keys: changed\n    conclusion served_misleads: true → false: the served number no longer misleads\n",
			"    partition0.records: 492 → 684\n",
		}, []string{"keys.rows@subscriber/1/4", "gone", "fresh"}},
		{"folders", []string{path("out-old"), path("out-new")}, 1, []string{"fresh: added\n", "gone: removed\n", "messaging-systems: changed\n"}, nil},
		{"markdown", []string{"--format", "markdown", lessonOld, lessonNew}, 1, []string{
			"## partlab diff\n\n### messaging-systems (changed)\n\n| cell | figure or conclusion | old | new | meaning |\n|---|---|--:|--:|---|\n" +
				"| grid `keys` | **served_misleads** | true | false | the served number no longer misleads |\n",
			"| offsets `partition0` | `partition0.records` | 492 | 684 | |\n",
		}, nil},
		{"markdown, nothing", []string{"--format", "markdown", lessonOld, lessonOld}, 0, []string{"## partlab diff\n\nNo figure or conclusion changed.\n"}, nil},
		{"json, nothing", []string{"--format", "json", lessonOld, lessonOld}, 0, []string{"{\n  \"changed\": false,\n  \"scenarios\": []\n}\n"}, nil},
		{"unknown format", []string{"--format", "html", lessonOld, lessonNew}, 2, []string{`unknown format "html"`}, nil},
		{"one argument", []string{lessonOld}, 2, []string{"diff takes two results"}, nil},
		{"file and folder", []string{lessonOld, path("out-new")}, 2, []string{"a results.json with a results.json, or a folder with a folder"}, nil},
		{"missing", []string{lessonOld, path("nothing.json")}, 2, []string{"no such file"}, nil},
		{"not results", []string{lessonOld, path("old/gone.yaml")}, 2, []string{"not a partlab results.json"}, nil},
		{"empty folder", []string{path("old"), path("new")}, 2, []string{"no */results.json in this folder"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, _, err := partlab(t, append([]string{"diff"}, tc.args...)...)
			if code := exitCode(err); code != tc.code {
				t.Fatalf("exit %d (%v), want %d", code, err, tc.code)
			}
			got := stdout
			if tc.code == 2 {
				got = err.Error()
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("output\n%s\nlacks\n%s", got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("output has %s", n)
				}
			}
		})
	}
}

// The JSON format reads back, and names every changed figure as expect:
// and Results.Figure name it.
func TestDiffJSON(t *testing.T) {
	dir := scratch(t, map[string]string{
		"a.yaml": "title: A\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 5000}\n",
		"b.yaml": "title: A\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 4000}\n",
	})
	for _, f := range []string{"a", "b"} {
		if _, _, err := partlab(t, "render", "-o", filepath.Join(dir, "out-"+f), "--cdn", "https://x/e.js", filepath.Join(dir, f+".yaml")); err != nil {
			t.Fatal(err)
		}
	}
	stdout, _, err := partlab(t, "diff", "--format", "json", filepath.Join(dir, "out-a/a/results.json"), filepath.Join(dir, "out-b/b/results.json"))
	if exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1", exitCode(err), err)
	}
	var got struct {
		Changed   bool
		Scenarios []resultsdiff.Scenario
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if !got.Changed || len(got.Scenarios) != 1 || len(got.Scenarios[0].Cells) != 1 {
		t.Fatalf("got %+v", got)
	}
	figs := got.Scenarios[0].Cells[0].Figures
	if len(figs) != 2 || figs[0].Figure != "s.minimum" || *figs[0].Old != 12 || *figs[0].New != 15 || figs[1].Figure != "s.recommended" {
		t.Errorf("figures %+v", figs)
	}
}
