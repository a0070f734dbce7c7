package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/templates"
)

// TestRenderFlags: every rendering command takes --self-contained, --cdn and
// --echarts (or $PARTLAB_ECHARTS), and the ECharts a page gets is the one
// they name; without them, outside any project, it is the embedded build.
func TestRenderFlags(t *testing.T) {
	const small = "title: Small\ncells:\n  - grid: {keys: [subscriber], partitions: [2]}\n"
	dir := scratch(t, map[string]string{
		"scenarios/small.yaml": small,
		"mine/echarts.min.js":  "/* --echarts */",
		"env/echarts.min.js":   "/* PARTLAB_ECHARTS */",
		"empty.js":             "",
	})
	t.Chdir(dir) // no node_modules here or above (t.TempDir is outside this repository)
	mine, env := filepath.Join(dir, "mine", "echarts.min.js"), filepath.Join(dir, "env", "echarts.min.js")
	embedded := string(templates.ECharts)
	tests := []struct {
		name   string
		env    string // $PARTLAB_ECHARTS
		args   []string
		code   int    // 0: success
		asset  string // on success: out/assets/echarts.min.js, or "" for none
		inPage string // on success: in out/small/index.html
		errs   []string
	}{
		{"render --echarts", "", []string{"render", "--echarts", mine, "scenarios/small.yaml"}, 0,
			"/* --echarts */", `data-src="../assets/echarts.min.js"`, nil},
		{"render, PARTLAB_ECHARTS", env, []string{"render", "scenarios/small.yaml"}, 0,
			"/* PARTLAB_ECHARTS */", `data-src="../assets/echarts.min.js"`, nil},
		{"--echarts over PARTLAB_ECHARTS", env, []string{"render", "--echarts", mine, "scenarios/small.yaml"}, 0,
			"/* --echarts */", "", nil},
		{"--self-contained --echarts inlines it", "", []string{"render", "--self-contained", "--echarts", mine, "scenarios/small.yaml"}, 0,
			"", "/* --echarts */", nil},
		{"bare run --echarts", "", []string{"--echarts", mine}, 0, "/* --echarts */", "", nil},
		{"bare run --cdn", env, []string{"--cdn", "https://cdn.example/e.js"}, 0, "", `data-src="https://cdn.example/e.js"`, nil},
		{"bare run --self-contained", env, []string{"--self-contained"}, 0, "", "/* PARTLAB_ECHARTS */", nil},
		{"the embedded build", "", []string{"render", "scenarios/small.yaml"}, 0, embedded, `id="echarts-source" data-src="../assets/echarts.min.js"`, nil},
		{"the embedded build, bare run", "", nil, 0, embedded, "", nil},
		{"the embedded build, self-contained", "", []string{"render", "--self-contained", "scenarios/small.yaml"}, 0, "", embedded[:64], nil},
		{"--echarts names no file", "", []string{"render", "--echarts", "nope.js", "scenarios/small.yaml"}, 1, "", "",
			[]string{"--echarts: nope.js does not exist"}},
		{"PARTLAB_ECHARTS names no file", "nope.js", []string{"render", "scenarios/small.yaml"}, 1, "", "",
			[]string{"PARTLAB_ECHARTS: nope.js does not exist"}},
		{"an empty --echarts file", "", []string{"render", "--echarts", "empty.js", "scenarios/small.yaml"}, 1, "", "",
			[]string{"--echarts: empty.js is empty, not an echarts.min.js"}},
		{"--echarts and --cdn", "", []string{"render", "--echarts", mine, "--cdn", "https://x/e.js", "scenarios/small.yaml"}, 2, "", "",
			[]string{"--echarts and --cdn exclude each other"}},
		{"bare run: --self-contained and --cdn", "", []string{"--self-contained", "--cdn", "https://x/e.js"}, 2, "", "",
			[]string{"--self-contained and --cdn exclude each other"}},
		{"bare run takes no files", "", []string{"--cdn", "https://x/e.js", "scenarios/small.yaml"}, 2, "", "",
			[]string{"takes no files", "partlab render FILE…"}},
		{"serve: --echarts and --cdn", "", []string{"serve", "--echarts", mine, "--cdn", "https://x/e.js"}, 2, "", "",
			[]string{"--echarts and --cdn exclude each other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(echartsEnv, tt.env)
			os.RemoveAll("out")
			var stdout, stderr bytes.Buffer
			err := Run(context.Background(), tt.args, &stdout, &stderr)
			if tt.code != 0 {
				if err == nil || exitCode(err) != tt.code {
					t.Fatalf("err = %v (exit %d), want exit %d", err, exitCode(err), tt.code)
				}
				for _, want := range tt.errs {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("err = %v, want %q in it", err, want)
					}
				}
				if _, err := os.Stat("out"); !os.IsNotExist(err) {
					t.Error("a failed render wrote out/")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			asset, err := os.ReadFile("out/assets/echarts.min.js")
			if tt.asset == "" && err == nil {
				t.Errorf("out/assets/echarts.min.js written, want none")
			} else if tt.asset != "" && string(asset) != tt.asset {
				t.Errorf("out/assets/echarts.min.js = %q, %v; want %q", asset, err, tt.asset)
			}
			page, err := os.ReadFile("out/small/index.html")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(page), tt.inPage) {
				t.Errorf("the page lacks %q", tt.inPage)
			}
		})
	}
}
