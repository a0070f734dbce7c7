package recompute

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBrowserDeps: the WebAssembly engine links nothing that needs files,
// a network, a process or Kafka. The boundary is the packages': a package
// here would bring its code into every reader's download.
func TestBrowserDeps(t *testing.T) {
	list := exec.Command("go", "list", "-deps", "github.com/partlab/partlab/wasm")
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{
		"github.com/partlab/partlab/report/site",
		"github.com/partlab/partlab/report/publish",
		"github.com/partlab/partlab/sim/kafka",
		"github.com/partlab/partlab/sim/measure",
		"github.com/partlab/partlab/internal/readfile",
		"github.com/partlab/partlab/scenarios/load",
		"github.com/partlab/partlab/cli",
		"github.com/twmb/", // franz-go and kfake
		"github.com/chromedp/",
		"os/exec",
		"net/http",
	} {
		for _, dep := range deps {
			if dep == pkg || strings.HasSuffix(pkg, "/") && strings.HasPrefix(dep, pkg) {
				t.Errorf("the WebAssembly engine links %s", dep)
			}
		}
	}
	if !slices.Contains(deps, "github.com/partlab/partlab/report") || !slices.Contains(deps, "github.com/partlab/partlab/sim") {
		t.Errorf("the WebAssembly engine links no report or no sim: %v", deps)
	}
}
