package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want []versionLine
	}{
		{"released", debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/partlab/partlab", Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.modified", Value: "false"}}},
			[]versionLine{{"module", "github.com/partlab/partlab"}, {"version", "v1.2.3"}, {"revision", "0123abc"}, {"modified", "false"}, {"go", "go1.26.1"}}},
		{"built without VCS information", debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/partlab/partlab", Version: "(devel)"}},
			[]versionLine{{"module", "github.com/partlab/partlab"}, {"version", "(devel)"}, {"revision", "unknown"}, {"modified", "unknown"}, {"go", "go1.26.1"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := versionLines(&tc.info)
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
// own build information.
func TestVersion(t *testing.T) {
	version, _, err := partlab(t, "version")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(version, "module    ") || !strings.HasSuffix(version, "\ngo        "+runtime.Version()+"\n") {
		t.Errorf("partlab version:\n%s", version)
	}
	for _, flag := range []string{"--version", "-version"} {
		if out, _, err := partlab(t, flag); err != nil || out != version {
			t.Errorf("partlab %s: %v\n%s\nwant partlab version's\n%s", flag, err, out, version)
		}
	}
}
