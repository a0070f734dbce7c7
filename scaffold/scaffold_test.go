package scaffold

import (
	"regexp"
	"testing"
	"testing/fstest"
)

func TestFiles(t *testing.T) {
	if err := fstest.TestFS(Files(),
		"README.md", ".gitignore", "site.yaml", "package.json", "package-lock.json",
		"scenarios/partitions.yaml", ".vscode/settings.json", WorkflowFile); err != nil {
		t.Fatal(err)
	}
}

func TestEChartsVersion(t *testing.T) {
	if v := EChartsVersion(); !regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`).MatchString(v) {
		t.Errorf("EChartsVersion() = %q, want the exact version package.json pins", v)
	}
}
