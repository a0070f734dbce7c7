package recompute

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// children is CheckShape's children for values as encoding/json decodes
// them, standing in for the page's objects and arrays.
func children(v any) []any {
	switch v := v.(type) {
	case []any:
		return v
	case map[string]any:
		var out []any
		for _, c := range v {
			out = append(out, c)
		}
		return out
	}
	return nil
}

// nested is a spec whose value lies depth levels deep: {"a": {"a": … 1}}.
func nested(depth int) any {
	var v any = 1.0
	for range depth - 1 {
		v = map[string]any{"a": v}
	}
	return v
}

// TestCheckShape: a spec of the page is refused before it is serialised
// when it nests deeper than MaxDepth (5,000 deep among them, refused
// without exhausting a stack), holds itself, or holds more values than
// MaxValues; at the bounds it passes.
func TestCheckShape(t *testing.T) {
	cycle := []any{nil}
	cycle[0] = cycle
	for _, tc := range []struct {
		name string
		v    any
		want string // the error, "" for none
	}{
		{"a grid's spec", map[string]any{"keys": []any{"record"}, "partitions": []any{2.0, 4.0}}, ""},
		{"a scalar", "grid: {}", ""},
		{"at the depth bound", nested(MaxDepth), ""},
		{"one level deeper", nested(MaxDepth + 1), "partlab.run: spec nests deeper than 64 levels"},
		{"5,000 deep", nested(5000), "partlab.run: spec nests deeper than 64 levels"},
		{"a value that holds itself", cycle, "partlab.run: spec nests deeper than 64 levels"},
		{"at the values bound", make([]any, MaxValues-1), ""},
		{"one value more", make([]any, MaxValues), fmt.Sprintf("partlab.run: spec holds more than %d values", MaxValues)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckShape("spec", tc.v, children)
			if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestSafely: a panic is the call's error, an error as it is; the caller
// goes on.
func TestSafely(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func() error
		want string // the error, "" for none
		is   error  // an error the result wraps
	}{
		{"no error", func() error { return nil }, "", nil},
		{"an error", func() error { return fs.ErrNotExist }, "file does not exist", fs.ErrNotExist},
		{"a panic", func() error { panic("index out of range") }, "partlab.run: internal error: index out of range", nil},
		{"a panic with an error", func() error { panic(fs.ErrClosed) }, "partlab.run: internal error: file already closed", fs.ErrClosed},
		{"a nil map", func() error {
			var m map[string]int
			m["x"]++ //lint:ignore SA5000 the panic is the case under test
			return nil
		}, "partlab.run: internal error: assignment to entry in nil map", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Safely(tc.f)
			if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && !strings.HasPrefix(got, tc.want)) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("%v does not wrap %v", err, tc.is)
			}
		})
	}
}
