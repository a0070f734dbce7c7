// Package near finds the names nearest a misspelt one, for messages that
// offer the few an author probably meant instead of every name there is.
//
// It is not a fuzzy search: distances are of bytes, and a name is near when
// few edits turn it into another, whatever the names mean.
package near

import (
	"cmp"
	"slices"
)

// Levenshtein is the edit distance of a and b in bytes: the fewest
// insertions, deletions and replacements that turn a into b, with a swap of
// neighbours counted as one edit (the optimal string alignment distance),
// since a swap is the commonest typo. "kyes" to "keys" is 1, "key" to
// "keys" 1, "idle" to "idlers" 2.
func Levenshtein(a, b string) int {
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

// Nearest returns the few candidates nearest name: at most n, the nearest
// first, and none more than slack edits further from name than the nearest,
// so that a close match does not come with names that merely fill the list.
// Names at the same distance keep their order in candidates, so the answer
// is deterministic and a table's own order breaks ties. A candidate equal
// to name is left out: it is not a suggestion.
func Nearest(name string, candidates []string, n int) []string {
	type scored struct {
		name string
		dist int
	}
	var all []scored
	for _, c := range candidates {
		if c != name {
			all = append(all, scored{c, Levenshtein(name, c)})
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(a.dist, b.dist) })
	out := make([]string, 0, min(n, len(all)))
	for _, s := range all[:min(n, len(all))] {
		if s.dist > all[0].dist+slack {
			break
		}
		out = append(out, s.name)
	}
	return out
}

// slack is how much further than the nearest name another may be and still
// be offered: a typo is an edit or two, and a third name a few edits away
// is still worth reading.
const slack = 3
