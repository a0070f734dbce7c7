package format

import (
	"slices"
	"testing"

	_ "github.com/partlab/partlab/internal/golden"
)

func TestNumbers(t *testing.T) {
	for _, tc := range []struct{ name, got, want string }{
		{"fixed", Fixed(1.4444), "1.44"},
		{"fixed negative", Fixed(-616), "-616.00"},
		{"short whole", Short(8), "8"},
		{"short decimals", Short(7.8611), "7.86"},
		{"short half", Short(0.5), "0.5"},
		{"thousands", Thousands(60000), "60,000"},
		{"thousands small", Thousands(999), "999"},
		{"thousands negative", Thousands(-1234567), "-1,234,567"},
		{"signed plus", Signed(16.149), "+16.15"},
		{"signed minus", Signed(-3), "-3.00"},
		{"percent", Percent(11, 20), "55%"},
		{"percent rounds half up", Percent(1, 8), "13%"},
		{"percent of nothing", Percent(3, 0), "0%"},
		{"signed zero", Signed(0), "0.00"},
		{"plural one", Plural(1, "partition"), "1 partition"},
		{"plural many", Plural(4, "partition"), "4 partitions"},
		{"plural none", Plural(0, "key"), "0 keys"},
		{"partition", Partition(3), "p3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}

func TestLists(t *testing.T) {
	for _, tc := range []struct {
		name  string
		items any
		want  string
	}{
		{"empty", []int{}, ""},
		{"one", []int{7}, "7"},
		{"two", []string{"a", "b"}, "a and b"},
		{"four", []int{0, 1, 2, 3}, "0, 1, 2 and 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := List(tc.items)
			if err != nil || got != tc.want {
				t.Errorf("List(%v) = %q, %v; want %q", tc.items, got, err, tc.want)
			}
		})
	}
	if _, err := List("not a list"); err == nil {
		t.Error("List of a string: no error")
	}
}

// TestTally lists a short list as it is and a long one by value, in the
// order each value first comes.
func TestTally(t *testing.T) {
	for _, tc := range []struct {
		name string
		xs   []int
		want string
	}{
		{"short", []int{2, 2, 1}, "2, 2 and 1"},
		{"eight", []int{1, 1, 1, 1, 1, 1, 1, 1}, "1, 1, 1, 1, 1, 1, 1 and 1"},
		{"nine by value", []int{2, 2, 2, 2, 2, 2, 1, 1, 1}, "6 × 2 and 3 × 1"},
		{"first come first", []int{1, 7, 7, 7, 7, 7, 7, 7, 7}, "1 × 1 and 8 × 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Tally(tc.xs); got != tc.want {
				t.Errorf("Tally(%v) = %q, want %q", tc.xs, got, tc.want)
			}
		})
	}
}

func TestNames(t *testing.T) {
	if got := Ints([]int{3, -1}); !slices.Equal(got, []string{"3", "-1"}) {
		t.Errorf("Ints = %q", got)
	}
	if got := Partitions([]int{0, 12}); !slices.Equal(got, []string{"p0", "p12"}) {
		t.Errorf("Partitions = %q", got)
	}
	for i, want := range []string{"", ", ", ", ", " and "} {
		if got := Sep(i, 4); got != want {
			t.Errorf("Sep(%d, 4) = %q, want %q", i, got, want)
		}
	}
}
