// Package lazyregexp compiles a package's regular expressions on first use
// rather than while the program starts, so that a command that never
// matches one (partlab version) pays nothing for it. It is cmd/go's
// internal/lazyregexp, with the methods partlab calls.
//
// It is not for patterns built at run time: compile those with regexp.
package lazyregexp

import (
	"regexp"
	"sync"
)

// A Regexp is a regexp.Regexp compiled on the first call of one of its
// methods. Like regexp.MustCompile it panics when its expression is not
// valid, though only then.
type Regexp struct {
	str  string
	once sync.Once
	rx   *regexp.Regexp
}

// New returns the expression str, compiled when first used. It is a type
// with methods, not a sync.OnceValue, so that each package-level
// expression costs the program one small allocation and no code of its own
// (the WebAssembly module is held to a size).
func New(str string) *Regexp { return &Regexp{str: str} }

func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(r.compile)
	return r.rx
}

func (r *Regexp) compile() { r.rx = regexp.MustCompile(r.str) }

// Match is regexp.Regexp.Match.
func (r *Regexp) Match(b []byte) bool { return r.re().Match(b) }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.re().MatchString(s) }

// FindSubmatch is regexp.Regexp.FindSubmatch.
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.re().FindSubmatch(b) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }

// ReplaceAllFunc is regexp.Regexp.ReplaceAllFunc.
func (r *Regexp) ReplaceAllFunc(src []byte, repl func([]byte) []byte) []byte {
	return r.re().ReplaceAllFunc(src, repl)
}

// String is the expression's source text; it compiles nothing.
func (r *Regexp) String() string { return r.str }
