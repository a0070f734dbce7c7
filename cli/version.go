package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/partlab/partlab/templates"
)

var versionCommand = &Command{
	Name:      "version",
	UsageLine: "partlab version",
	Short:     "print the module, version and source revision of this build, its Go and ECharts",
	Long: `Version prints what the binary knows of its own build: the module path and
version (a released version when installed with go install MODULE@VERSION,
"(devel)" when built from a checkout), the revision of the source it was built
from and whether that source had uncommitted changes, the version of Go, and
the version of ECharts the embedded build is made from. partlab --version is the same.`,
	Examples: []Example{
		{"partlab version", "partlab's version and the versions of what it embeds"},
		{"partlab --version", "the same"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) != 0 {
				return usageError{error: errors.New("version takes no arguments")}
			}
			info, ok := debug.ReadBuildInfo()
			if !ok {
				return errors.New("this binary carries no build information")
			}
			for _, l := range versionLines(info, templates.EChartsVersion()) {
				if _, err := fmt.Fprintf(stdout, "%-9s %s\n", l.label, l.value); err != nil {
					return err
				}
			}
			return nil
		}
	},
}

// A versionLine is one line of partlab version: what it is, and its value.
type versionLine struct{ label, value string }

// versionLines are what partlab version prints of a build and the ECharts
// it pins; what the build does not record is "unknown".
func versionLines(info *debug.BuildInfo, echarts string) []versionLine {
	setting := map[string]string{}
	for _, s := range info.Settings {
		setting[s.Key] = s.Value
	}
	known := func(s string) string {
		if s == "" {
			return "unknown"
		}
		return s
	}
	return []versionLine{
		{"module", known(info.Main.Path)},
		{"version", known(info.Main.Version)},
		{"revision", known(setting["vcs.revision"])},
		{"modified", known(setting["vcs.modified"])},
		{"go", known(info.GoVersion)},
		{"echarts", known(echarts)},
	}
}
