package scaffold

import (
	"testing"
	"testing/fstest"
)

func TestFiles(t *testing.T) {
	if err := fstest.TestFS(Files(),
		"README.md", ".gitignore", "site.yaml", "package.json", "package-lock.json",
		"scenarios/partitions.yaml", ".github/workflows/publish.yml"); err != nil {
		t.Fatal(err)
	}
}
