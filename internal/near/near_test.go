package near

import (
	"slices"
	"testing"

	_ "github.com/partlab/partlab/internal/golden"
)

func TestLevenshtein(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want int
	}{
		{"equal", "keys", "keys", 0},
		{"swap of neighbours", "kyes", "keys", 1},
		{"deletion", "key", "keys", 1},
		{"insertion", "keyss", "keys", 1},
		{"replacement", "idel", "idle", 1},
		{"two edits", "idle", "idlers", 2},
		{"empty", "", "abc", 3},
		{"both empty", "", "", 0},
		{"nothing shared", "abc", "xyz", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Levenshtein(tt.a, tt.b); got != tt.want {
				t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
			if got := Levenshtein(tt.b, tt.a); got != tt.want {
				t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetric)", tt.b, tt.a, got, tt.want)
			}
		})
	}
}

func TestNearest(t *testing.T) {
	figures := []string{"spread.keys", "spread.covered", "spread.hot_partitions", "ceiling.speedup@1", "ceiling.idle@1"}
	tests := []struct {
		name       string
		want       string
		candidates []string
		n          int
		nearest    []string
	}{
		{"the typo's figure first", "spread.hot_partitons", figures, 2, []string{"spread.hot_partitions"}},
		{"at most n", "spread.key", figures, 1, []string{"spread.keys"}},
		{"none far behind the nearest", "ceiling.idel@1", figures, 5, []string{"ceiling.idle@1"}},
		{"all within the slack", "spread.x", figures, 5, []string{"spread.keys", "spread.covered"}},
		{"fewer candidates than n", "keys", []string{"key"}, 5, []string{"key"}},
		{"ties keep the candidates' order", "abcx", []string{"abcz", "abcy"}, 2, []string{"abcz", "abcy"}},
		{"the name itself is no suggestion", "keys", []string{"keys", "key"}, 5, []string{"key"}},
		{"no candidates", "keys", nil, 5, []string{}},
		{"n of zero", "keys", figures, 0, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Nearest(tt.want, tt.candidates, tt.n); !slices.Equal(got, tt.nearest) {
				t.Errorf("Nearest(%q, %d) = %q, want %q", tt.want, tt.n, got, tt.nearest)
			}
		})
	}
}
