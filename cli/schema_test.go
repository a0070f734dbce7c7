package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/partlab/partlab/scenarios"
)

func TestSchemaCommand(t *testing.T) {
	out, _, err := partlab(t, "schema")
	if err != nil || out != string(scenarios.Schema()) {
		t.Fatalf("schema printed %d bytes, error %v; want the schema", len(out), err)
	}
	path := filepath.Join(t.TempDir(), "schema.json")
	if out, _, err := partlab(t, "schema", "-o", path); err != nil || out != "" {
		t.Fatalf("schema -o: printed %q, error %v", out, err)
	}
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, scenarios.Schema()) {
		t.Errorf("schema -o wrote %d bytes, error %v; want the schema", len(got), err)
	}
	if _, _, err := partlab(t, "schema", "extra"); exitCode(err) != 2 {
		t.Errorf("schema extra: error %v, exit %d; want a usage error", err, exitCode(err))
	}
	if _, _, err := partlab(t, "schema", "-o", filepath.Join(t.TempDir(), "missing", "schema.json")); exitCode(err) != 1 {
		t.Errorf("schema -o into a missing folder: error %v, want exit 1", err)
	}
}
