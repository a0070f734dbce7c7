package scenarios

import (
	"fmt"
	"strings"
)

// Suggest returns ` (did you mean "X"?)` when name is a near miss of one of
// valid: the same but for case, or within two edits (insert, delete, replace,
// swap of neighbours) and fewer edits than its length, so a short name is not
// "near" every other. The closest wins, then the first in valid, so the
// answer is deterministic; "" when nothing is near.
func Suggest(name string, valid []string) string {
	best, bestDist := "", 3
	for _, v := range valid {
		d := distance(name, v)
		if strings.EqualFold(name, v) {
			d = 0
		}
		if v != name && d < bestDist && d < len(name) {
			best, bestDist = v, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the optimal string alignment distance of a and b, in bytes.
func distance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
