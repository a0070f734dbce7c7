package sim

import (
	"fmt"
	"slices"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
)

// TestStickyBalancers checks the sticky balancers by their properties, not
// by an assignment: from every ownership of P ≤ 6 partitions among the
// members of a group of up to 4 (with a member joining or leaving), the new
// assignment owns every partition once, is balanced within one, and moves
// exactly as few partitions as the best balanced assignment found by trying
// every one (P ≤ 5 in -short mode).
func TestStickyBalancers(t *testing.T) {
	candidates := map[string][][]string{} // every balanced assignment, by partitions and members
	for _, name := range []string{"cooperative-sticky", "consumer-uniform"} {
		balance := protocols[name].balance
		for partitions := 1; partitions <= testtool.Cases(6, 5); partitions++ {
			for group := 1; group <= 4; group++ {
				members := names(group)
				// Before: every ownership of the partitions by group+1
				// members, the last of whom leaves or is the joiner.
				for before := range ownerships(partitions, names(group+1)) {
					for _, live := range [][]string{members, names(group + 1)[1:]} {
						owner := slices.Clone(before)
						for p, o := range owner {
							if !slices.Contains(live, o) {
								owner[p] = ""
							}
						}
						after := balance(live, owner, nil)
						label := fmt.Sprintf("%s: %v over %v", name, before, live)
						if !balanced(after, live) {
							t.Fatalf("%s: %v is not balanced within one", label, after)
						}
						key := fmt.Sprint(partitions, live)
						if _, ok := candidates[key]; !ok {
							for cand := range ownerships(partitions, live) {
								if balanced(cand, live) {
									candidates[key] = append(candidates[key], cand)
								}
							}
						}
						best := partitions + 1
						for _, cand := range candidates[key] {
							best = min(best, moves(before, cand))
						}
						if got := moves(before, after); got != best {
							t.Fatalf("%s: %v moves %d, the fewest is %d", label, after, got, best)
						}
					}
				}
			}
		}
	}
}

// TestBalancerExamples pins the worked examples of the doc comments.
func TestBalancerExamples(t *testing.T) {
	for _, tc := range []struct {
		name           string
		members, owner []string
		want           []string
	}{
		{"sticky 7 partitions, c2 joins", []string{"c0", "c1", "c2"},
			[]string{"c0", "c0", "c0", "c0", "c1", "c1", "c1"},
			[]string{"c0", "c0", "c0", "c2", "c1", "c1", "c2"}},
		{"uniform 6 partitions, c2 joins", []string{"c0", "c1", "c2"},
			[]string{"c0", "c0", "c0", "c1", "c1", "c1"},
			[]string{"c0", "c0", "c2", "c1", "c1", "c2"}},
		{"range 6 partitions, 3 members", []string{"c0", "c1", "c2"},
			[]string{"c0", "c0", "c0", "c1", "c1", "c1"},
			[]string{"c0", "c0", "c1", "c1", "c2", "c2"}},
		{"uniform, no members", nil, []string{"", ""}, []string{"", ""}},
	} {
		proto := map[bool]string{true: "cooperative-sticky", false: "consumer-uniform"}[tc.name[:6] == "sticky"]
		if tc.name[:5] == "range" {
			proto = "eager-range"
		}
		if got := protocols[proto].balance(tc.members, tc.owner, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("c%d", i)
	}
	return out
}

// ownerships yields every way of giving each partition one of the members.
func ownerships(partitions int, members []string) func(func([]string) bool) {
	return func(yield func([]string) bool) {
		owner := make([]string, partitions)
		var walk func(p int) bool
		walk = func(p int) bool {
			if p == partitions {
				return yield(slices.Clone(owner))
			}
			for _, m := range members {
				owner[p] = m
				if !walk(p + 1) {
					return false
				}
			}
			return true
		}
		walk(0)
	}
}

// balanced: every partition has a live owner and the members' counts are
// within one of each other.
func balanced(owner, live []string) bool {
	n := map[string]int{}
	for _, o := range owner {
		if !slices.Contains(live, o) {
			return false
		}
		n[o]++
	}
	lo, hi := len(owner), 0
	for _, m := range live {
		lo, hi = min(lo, n[m]), max(hi, n[m])
	}
	return hi-lo <= 1
}

func moves(before, after []string) int {
	n := 0
	for p := range before {
		if before[p] != "" && before[p] != after[p] {
			n++
		}
	}
	return n
}

// ProtocolOrder names every protocol once, and a caller that changes the
// list it was given changes no other caller's.
func TestProtocolOrder(t *testing.T) {
	order := ProtocolOrder()
	if got := slices.Sorted(slices.Values(order)); !slices.Equal(got, ProtocolNames()) {
		t.Errorf("ProtocolOrder() = %v; want every protocol once, %v", order, ProtocolNames())
	}
	order[0] = "changed"
	if ProtocolOrder()[0] == "changed" {
		t.Error("ProtocolOrder() shares its list between callers")
	}
}
