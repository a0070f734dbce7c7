package scenarios

import (
	"fmt"
	"strings"

	"github.com/partlab/partlab/internal/near"
)

// Suggest returns ` (did you mean "X"?)` when name is a near miss of one of
// valid: the same but for case, or within two edits (insert, delete, replace,
// swap of neighbours) and fewer edits than its length, so a short name is not
// "near" every other. The closest wins, then the first in valid, so the
// answer is deterministic; "" when nothing is near.
func Suggest(name string, valid []string) string {
	best := Suggestion(name, valid)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Suggestion is the name of valid that Suggest offers, or "".
func Suggestion(name string, valid []string) string {
	best, bestDist := "", 3
	for _, v := range valid {
		d := near.Levenshtein(name, v)
		if strings.EqualFold(name, v) {
			d = 0
		}
		if v != name && d < bestDist && d < len(name) {
			best, bestDist = v, d
		}
	}
	return best
}
