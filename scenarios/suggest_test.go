package scenarios

import "testing"

// TestSuggest checks near misses (a swap, a deletion, case) and far ones.
func TestSuggest(t *testing.T) {
	valid := []string{"keys", "Records", "Rows", "partition0"}
	tests := []struct{ name, want string }{
		{"kyes", ` (did you mean "keys"?)`},       // a swap
		{"key", ` (did you mean "keys"?)`},        // a deletion
		{"records", ` (did you mean "Records"?)`}, // case
		{"Recods", ` (did you mean "Records"?)`},
		{"partition1", ` (did you mean "partition0"?)`},
		{"Row", ` (did you mean "Rows"?)`},
		{"Nope", ""},
		{"ab", ""}, // two edits of a two-letter name is any name
		{"keys", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Suggest(tt.name, valid); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := Suggest("ab", []string{"xy"}); got != "" {
		t.Errorf("Suggest(ab) = %q, want none", got)
	}
	if got := Suggest("abcx", []string{"abcy", "abcz"}); got != ` (did you mean "abcy"?)` {
		t.Errorf("tie: got %q, want the first", got)
	}
}
