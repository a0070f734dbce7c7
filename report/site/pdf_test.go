package site

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
)

// TestPrintedPageBound refuses a page past MaxPrintedPage before Chromium
// starts: the "Chromium" here is a script that leaves a file behind if it
// is run.
func TestPrintedPageBound(t *testing.T) {
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	chromium := filepath.Join(dir, "chromium")
	if err := os.WriteFile(chromium, []byte("#!/bin/sh\ntouch '"+started+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		size   int
		refuse bool
	}{
		{"at the bound", MaxPrintedPage, false},
		{"past the bound", MaxPrintedPage + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(started)
			files := []publish.File{{Path: "big/" + report.PageFile, Data: bytes.Repeat([]byte("x"), tc.size)}}
			_, err := printPages(t.Context(), chromium, files, []string{"big"})
			_, statErr := os.Stat(started)
			switch {
			case tc.refuse && (err == nil || !strings.Contains(err.Error(), "past the 16777216 (16 MiB) a PDF is made from")):
				t.Errorf("a page of %d bytes: %v, want it refused", tc.size, err)
			case tc.refuse && statErr == nil:
				t.Error("Chromium was started for a page past the bound")
			case !tc.refuse && statErr != nil:
				t.Errorf("Chromium was not started for a page at the bound: %v (%v)", statErr, err)
			}
		})
	}
}
