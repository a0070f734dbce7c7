package testtool

import (
	"flag"
	"strconv"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// short sets -short for the rest of the test, and puts it back after.
func short(t *testing.T, on bool) {
	was := flag.Lookup("test.short").Value.String()
	set := func(v string) {
		if err := flag.Set("test.short", v); err != nil {
			t.Fatal(err)
		}
	}
	set(strconv.FormatBool(on))
	t.Cleanup(func() { set(was) })
}

// TestShort: in -short mode Slow skips and Cases gives the short count;
// without it Slow lets the test run and Cases gives the full count.
func TestShort(t *testing.T) {
	for _, tc := range []struct {
		name    string
		short   bool
		skipped bool
		cases   int
	}{
		{"full", false, false, 20},
		{"short", true, true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			short(t, tc.short)
			ran := false
			t.Run("slow", func(t *testing.T) {
				Slow(t, "a test of Slow")
				ran = true
			})
			if ran == tc.skipped {
				t.Errorf("-short=%t: the slow test ran: %t", tc.short, ran)
			}
			if got := Cases(20, 3); got != tc.cases {
				t.Errorf("-short=%t: Cases(20, 3) = %d, want %d", tc.short, got, tc.cases)
			}
		})
	}
}
