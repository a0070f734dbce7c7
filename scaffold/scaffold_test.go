package scaffold

import (
	"testing"
	"testing/fstest"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

func TestFiles(t *testing.T) {
	if err := fstest.TestFS(Files(),
		"README.md", ".gitignore", "site.yaml",
		"scenarios/partitions.yaml", ".vscode/settings.json", WorkflowFile); err != nil {
		t.Fatal(err)
	}
}
