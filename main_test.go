package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// maxStartAllocs bounds the allocations of every partlab package's
// initialisation together. Parsing the page's templates, building the
// Markdown converter or compiling a regular expression at start-up costs
// hundreds to thousands each (report alone made 8,859 before they were
// built on first use), so any one of them coming back fails the test; the
// field-spec tables and the command table stay well within it.
const maxStartAllocs = 1000

// goldenPackage is imported by this test, not by the command.
const goldenPackage = "github.com/partlab/partlab/internal/golden"

// initLine is one line of GODEBUG=inittrace=1: a package's initialisation.
var initLine = regexp.MustCompile(`^init (\S+) @.* (\d+) bytes, (\d+) allocs$`)

// TestStartIsLazy: a command that formats nothing (partlab version) pays
// at start-up for none of the templates, converters and expressions the
// other commands use, which are built on first use. It counts what the
// runtime reports for each package's initialisation in this test binary,
// which links and initialises the partlab packages the command does (and
// none of their test files), as allocations rather than time, so that a
// loaded machine cannot fail it.
func TestStartIsLazy(t *testing.T) {
	if os.Getenv("PARTLAB_INITTRACE") != "" {
		return // the child below: the trace is all it is for
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestStartIsLazy$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "PARTLAB_INITTRACE=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the traced run failed: %v\n%s", err, stderr.String())
	}
	total, packages := 0, map[string]int{}
	for line := range strings.Lines(stderr.String()) {
		m := initLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || !strings.HasPrefix(m[1], "github.com/partlab/partlab/") || m[1] == goldenPackage {
			continue
		}
		n, err := strconv.Atoi(m[3])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		packages[m[1]] = n
		total += n
	}
	if _, ok := packages["github.com/partlab/partlab/cli"]; !ok {
		t.Fatalf("no trace of package cli's initialisation in:\n%s", stderr.String())
	}
	t.Logf("%d allocations initialising %d partlab packages", total, len(packages))
	if total > maxStartAllocs {
		var each []string
		for p, n := range packages {
			each = append(each, fmt.Sprintf("%6d %s", n, p))
		}
		slices.Sort(each)
		t.Errorf("initialising partlab's packages allocates %d times, over %d; build what they make on first use:\n%s",
			total, maxStartAllocs, strings.Join(each, "\n"))
	}
}
