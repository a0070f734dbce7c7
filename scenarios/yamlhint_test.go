package scenarios

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestYAMLHintQuietOnValidFiles: in the shipped scenarios, whose every line
// lines up, misaligned finds no line out of place, so that a syntax error
// elsewhere in them is never blamed on a good line.
func TestYAMLHintQuietOnValidFiles(t *testing.T) {
	files, err := filepath.Glob("*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	course, _ := filepath.Glob("../scaffold/course/scenarios/*.yaml")
	for _, f := range append(files, append(course, "../scaffold/course/site.yaml")...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if at, hint, ok := misaligned(bytes.Split(src, []byte("\n"))); ok {
			t.Errorf("%s:%d:%d: %s", f, at.Line, at.Col, hint)
		}
	}
}
