package sim

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
)

// nameRank agrees with sorting the names as strings, around every change of
// name length and at the largest source.
func TestNameRank(t *testing.T) {
	for _, n := range []int{1, 2, 9, 10, 99, 100, 101, 998, 999, 1000, 1001, 1009, 1010, 1099, 1100,
		5432, 9999, 10000, 10001, 99999, 100000, 100001, 1_000_000} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("A%03d", i+1)
		}
		slices.Sort(names)
		for r, name := range names {
			v, _ := strconv.Atoi(name[1:])
			if got := nameRank(v, n); got != r {
				t.Fatalf("n=%d: nameRank(%d) = %d, sorting puts %s at %d", n, v, got, name, r)
			}
		}
	}
}

// A subscriber's name is the lesson's f"A{i:03d}".
func TestNames(t *testing.T) {
	d, err := Generate(Source{Seed: 1, Subscribers: 1234, Periods: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range d.Source.Subscribers {
		if want := fmt.Sprintf("A%03d", i+1); d.Subscriber(i).Name != want {
			t.Fatalf("subscriber %d is named %q, want %q", i, d.Subscriber(i).Name, want)
		}
	}
}
