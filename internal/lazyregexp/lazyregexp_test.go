package lazyregexp

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// TestRegexp: New compiles nothing; each method compiles on first use and
// answers as regexp's own; an invalid expression panics at first use.
func TestRegexp(t *testing.T) {
	const expr = `([a-z]+)-([0-9]+)`
	for _, tc := range []struct {
		name string
		call func(*Regexp) any
		want string
	}{
		{"Match", func(r *Regexp) any { return r.Match([]byte("see user-42")) }, "true"},
		{"MatchString", func(r *Regexp) any { return r.MatchString("user 42") }, "false"},
		{"FindSubmatch", func(r *Regexp) any { return fmt.Sprintf("%q", r.FindSubmatch([]byte("a cart-9"))) }, `["cart-9" "cart" "9"]`},
		{"FindStringSubmatch", func(r *Regexp) any { return r.FindStringSubmatch("order-7") }, "[order-7 order 7]"},
		{"ReplaceAllString", func(r *Regexp) any { return r.ReplaceAllString("user-42 cart-9", "$2") }, "42 9"},
		{"ReplaceAllFunc", func(r *Regexp) any {
			return string(r.ReplaceAllFunc([]byte("user-42"), bytes.ToUpper))
		}, "USER-42"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(expr)
			if r.rx != nil {
				t.Fatal("New compiled the expression")
			}
			if got := fmt.Sprint(tc.call(r)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			if compiled := r.rx; compiled == nil || r.re() != compiled {
				t.Error("not compiled once, on first use")
			}
		})
	}
	t.Run("String", func(t *testing.T) {
		r := New(expr)
		if got := r.String(); got != expr || r.rx != nil {
			t.Errorf("String() = %q, compiled %v; want %q, not compiled", got, r.rx != nil, expr)
		}
	})
	t.Run("invalid", func(t *testing.T) {
		r := New(`(unclosed`) // must not panic
		defer func() {
			if msg, _ := recover().(string); !strings.Contains(msg, "missing closing )") {
				t.Errorf("panic %q; want regexp's missing closing )", msg)
			}
		}()
		r.MatchString("")
	})
}
