package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"
)

// partlab runs the command line as a function and returns what it printed.
func partlab(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = Run(context.Background(), args, &out, &errOut)
	return out.String(), errOut.String(), err
}

// The lesson's printed output, byte for byte (testdata/lesson.txt is copied
// from the lesson's text, a fact that -update does not rewrite).
func TestLessonTextIsTheLessonsOutput(t *testing.T) {
	out, _, err := partlab(t, "results", "--format", "text", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/lesson.txt", []byte(out))
}

// The Day 24 lab's text: the spread and the placements are the lab's
// reference run, the model is the lab's setting (see testdata/README.md).
func TestDay24Text(t *testing.T) {
	out, _, err := partlab(t, "results", "--format", "text", day24YAML)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/day-24.txt", []byte(out))
}

func TestResultsFormatsAreDeterministic(t *testing.T) {
	for _, format := range []string{"json", "csv", "text"} {
		a, _, err := partlab(t, "results", "--format", format, lessonYAML)
		if err != nil {
			t.Fatal(err)
		}
		b, _, _ := partlab(t, "results", "--format", format, lessonYAML)
		if a != b || a == "" {
			t.Errorf("--format %s: two runs differ or are empty", format)
		}
	}
}

func TestCommandLineErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("title: x\ncells:\n  - grid:\n      keys: [subscriber]\n      partitions: [0]\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string // in the error
		code int
	}{
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`, 2},
		{"unknown format", []string{"results", "--format", "xml", "x.yaml"}, `unknown format "xml"`, 2},
		{"no file", []string{"results"}, "results takes one scenario file", 2},
		{"empty -o", []string{"render", "-o", "", lessonYAML}, "-o needs a directory (got an empty name)", 2},
		{"help", []string{"results", "-h"}, "help requested", 0},
		{"missing file", []string{"results", "nope.yaml"}, "nope.yaml", 1},
		{"bad scenario", []string{"results", bad}, bad + ":5:20: cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)", 1},
		{"validate bad", []string{"validate", lessonYAML, bad}, bad + ":5:20:", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := partlab(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
			if code := exitCode(err); code != tc.code {
				t.Errorf("exit code %d, want %d", code, tc.code)
			}
			if out != "" {
				t.Errorf("wrote %q to stdout on error", out)
			}
		})
	}
}

func TestValidateIsSilentOnSuccess(t *testing.T) {
	out, errOut, err := partlab(t, "validate", lessonYAML)
	if err != nil || out != "" || errOut != "" {
		t.Errorf("validate: %v, stdout %q, stderr %q", err, out, errOut)
	}
}

// A measured run enters the output only when asked for, with the machine it
// ran on.
func TestMeasureOnlyWhenAsked(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tp.yaml")
	os.WriteFile(file, []byte("title: t\ncells:\n  - throughput: {id: tp, partitions: 2, records: 5, work: 1ms, consumers: [1, 2]}\n"), 0o644)
	plain, _, err := partlab(t, "results", file)
	if err != nil {
		t.Fatal(err)
	}
	measured, progress, err := partlab(t, "results", "--measure", file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, `"measured"`) || !strings.Contains(measured, `"measured": {`) || !strings.Contains(measured, `"machine": "`) {
		t.Errorf("without --measure:\n%s\nwith it:\n%s", plain, measured)
	}
	if !strings.Contains(progress, "measuring throughput cell tp") {
		t.Errorf("no progress on stderr: %q", progress)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
