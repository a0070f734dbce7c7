package scaffold

import (
	"testing"
	"testing/fstest"
)

func TestFiles(t *testing.T) {
	if err := fstest.TestFS(Files(),
		"README.md", ".gitignore", "site.yaml",
		"scenarios/partitions.yaml", ".vscode/settings.json", WorkflowFile); err != nil {
		t.Fatal(err)
	}
}
