package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDFWithoutChromium checks that render --pdf without a Chromium on
// PATH says what to install, exits 1 and writes nothing, before computing.
func TestPDFWithoutChromium(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	var stderr bytes.Buffer
	err := Run(context.Background(), []string{"render", "--pdf", "-o", out, lessonYAML}, &bytes.Buffer{}, &stderr)
	if err == nil || !strings.Contains(err.Error(), "apt-get install chromium") {
		t.Errorf("render --pdf: %v, want an error that says to apt-get install chromium", err)
	}
	if code := exitCode(err); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s exists: %v", out, err)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q, want nothing before the error", stderr.String())
	}
}
