package sim

import (
	"fmt"
	"testing"
)

func TestAssignorExamples(t *testing.T) {
	for _, tc := range []struct {
		name          string
		assign        Assignor
		partitions, c int
		want          string
	}{
		{"range", Range, 6, 4, "[[0 1] [2 3] [4] [5]]"}, // drill D2: 2, 2, 1, 1
		{"range", Range, 6, 10, "[[0] [1] [2] [3] [4] [5] [] [] [] []]"},
		{"range", Range, 7, 3, "[[0 1 2] [3 4] [5 6]]"},
		{"roundrobin", RoundRobin, 6, 4, "[[0 4] [1 5] [2] [3]]"},
		{"roundrobin", RoundRobin, 8, 4, "[[0 4] [1 5] [2 6] [3 7]]"},
		{"roundrobin", RoundRobin, 1, 4, "[[0] [] [] []]"},
	} {
		if got := fmt.Sprint(tc.assign(tc.partitions, tc.c)); got != tc.want {
			t.Errorf("%s(%d, %d) = %s, want %s", tc.name, tc.partitions, tc.c, got, tc.want)
		}
	}
}

// Every partition has exactly one owner, in ascending order; range is
// balanced within one partition.
func TestAssignorInvariants(t *testing.T) {
	for _, name := range AssignorNames() {
		assign, _ := AssignorByName(name)
		for p := 1; p <= 40; p++ {
			for c := 1; c <= 40; c++ {
				owned := assign(p, c)
				if len(owned) != c {
					t.Fatalf("%s(%d, %d): %d consumers", name, p, c, len(owned))
				}
				owners := make([]int, p)
				most, least := 0, p
				for _, parts := range owned {
					most, least = max(most, len(parts)), min(least, len(parts))
					for i, x := range parts {
						owners[x]++
						if i > 0 && parts[i-1] >= x {
							t.Fatalf("%s(%d, %d): partitions out of order %v", name, p, c, parts)
						}
					}
				}
				for x, n := range owners {
					if n != 1 {
						t.Fatalf("%s(%d, %d): partition %d has %d owners", name, p, c, x, n)
					}
				}
				if most-least > 1 {
					t.Fatalf("%s(%d, %d): %d to %d partitions per consumer", name, p, c, least, most)
				}
			}
		}
	}
}
