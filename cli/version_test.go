package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/templates"
)

func TestVersionLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want []versionLine
	}{
		{"released", debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/partlab/partlab", Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.modified", Value: "false"}}},
			[]versionLine{{"module", "github.com/partlab/partlab"}, {"version", "v1.2.3"}, {"revision", "0123abc"}, {"modified", "false"}, {"go", "go1.26.1"}, {"echarts", "5.6.0"}}},
		{"built without VCS information", debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/partlab/partlab", Version: "(devel)"}},
			[]versionLine{{"module", "github.com/partlab/partlab"}, {"version", "(devel)"}, {"revision", "unknown"}, {"modified", "unknown"}, {"go", "go1.26.1"}, {"echarts", "5.6.0"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := versionLines(&tc.info, "5.6.0")
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("line %d: %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// partlab version and --version print the same lines, from this binary's
// own build information and its embedded ECharts.
func TestVersion(t *testing.T) {
	version, _, err := partlab(t, "version")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(version, "module    ") || !strings.HasSuffix(version, "\ngo        "+runtime.Version()+"\necharts   "+templates.EChartsVersion()+"\n") {
		t.Errorf("partlab version:\n%s", version)
	}
	for _, flag := range []string{"--version", "-version"} {
		if out, _, err := partlab(t, flag); err != nil || out != version {
			t.Errorf("partlab %s: %v\n%s\nwant partlab version's\n%s", flag, err, out, version)
		}
	}
}

// goModule is the module path go.mod declares.
func goModule(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if path, ok := strings.CutPrefix(line, "module "); ok {
			return strings.TrimSpace(path)
		}
	}
	t.Fatal("go.mod declares no module")
	return ""
}

// A binary built from a clean clone, with VCS stamping on (this machine may
// turn it off in GOFLAGS), names go.mod's module, the clone's commit and no
// local change.
func TestVersionNamesTheRevision(t *testing.T) {
	testtool.Slow(t, "builds partlab from a clone")
	_, err := exec.LookPath("git")
	testtool.Need(t, "the clone needs git", err)
	clone := filepath.Join(t.TempDir(), "partlab")
	if out, err := exec.Command("git", "clone", "--quiet", root, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	head, err := exec.Command("git", "-C", clone, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "partlab")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = clone
	// -trimpath: the clone's folder is new each time, and without it every
	// package built from it would be compiled again rather than found in
	// the build cache.
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true -trimpath", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in a clone: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"module    " + goModule(t) + "\n",
		"revision  " + strings.TrimSpace(string(head)) + "\n",
		"modified  false\n",
		"echarts   " + templates.EChartsVersion() + "\n",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("partlab version lacks %q:\n%s", want, out)
		}
	}
}
