package scenarios

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A pattern's bounds: its keys, and their bytes added up; and the same
// bounds over every pattern of a file together. Each is checked from the
// pattern's text alone, before its keys are made, so a hostile pattern, or
// a file of many, costs no memory.
const (
	maxKeys     = 1_000_000
	maxKeyBytes = 16 << 20
)

// rangeForm is how an error shows the one valid use of braces.
const rangeForm = "a range is written {a..b} with whole numbers a ≤ b, such as user-{0..239}"

// A keyPattern is a key pattern as its text gives it: prefix{lo..hi}suffix,
// or one literal key (not ranged). What it costs is known without its
// keys: count and size.
type keyPattern struct {
	text, prefix, suffix string
	lo, hi               int64
	ranged               bool
}

// parsePattern reads a key pattern with one numeric range, such as
// "user-{0..239}", and checks its bounds from its text: at most maxKeys
// keys of maxKeyBytes in all. A pattern without braces is one key; every
// other brace is an error, so that "order-{0-999}" is not taken for a
// literal key.
func parsePattern(pattern string) (keyPattern, error) {
	prefix, suffix, lo, hi, ranged, err := parseRange(pattern)
	if err != nil {
		return keyPattern{}, err
	}
	p := keyPattern{text: pattern, prefix: prefix, suffix: suffix, lo: lo, hi: hi, ranged: ranged}
	switch {
	case !ranged && len(pattern) > maxKeyBytes:
		return keyPattern{}, fmt.Errorf("key %s has %d bytes; at most %d are allowed", quote(pattern), len(pattern), maxKeyBytes)
	case !ranged:
		return p, nil
	case hi < lo:
		return keyPattern{}, fmt.Errorf("pattern %s makes no keys: %d..%d is empty", quote(pattern), lo, hi)
	}
	// hi-lo in uint64 is exact for any int64 bounds with lo ≤ hi.
	if span := uint64(hi) - uint64(lo); span >= maxKeys {
		return keyPattern{}, fmt.Errorf("pattern %s makes %s keys; at most %d are allowed", quote(pattern), plusOne(span), maxKeys)
	}
	if p.size() > maxKeyBytes {
		return keyPattern{}, fmt.Errorf("pattern %s makes more than %d bytes of keys; at most %d are allowed", quote(pattern), maxKeyBytes, maxKeyBytes)
	}
	return p, nil
}

// count is how many keys the pattern makes; it is at most maxKeys once
// parsePattern has passed it.
func (p keyPattern) count() int64 {
	if !p.ranged {
		return 1
	}
	return p.hi - p.lo + 1
}

// size is the bytes of the pattern's keys added up, by arithmetic: every
// key holds the prefix and suffix, and the numbers of lo..hi their digits
// and a minus sign each below zero. (-lo of the least int64 wraps to
// itself, which as uint64 is its size.)
func (p keyPattern) size() int64 {
	if !p.ranged {
		return int64(len(p.text))
	}
	n := p.count()
	size := n * int64(len(p.prefix)+len(p.suffix))
	if p.lo < 0 {
		// -1..-m hold the digits of 1..m and a sign each.
		neg := min(p.hi, -1)
		size += digits(uint64(-neg), uint64(-p.lo)) + (neg - p.lo + 1)
	}
	if p.hi >= 0 {
		size += digits(uint64(max(p.lo, 0)), uint64(p.hi))
	}
	return size
}

// digits is the digits of the decimal numbers a..b together, a ≤ b: the
// numbers of d digits, 10^(d-1)..10^d-1, counted band by band (in uint64,
// which holds 10^19 and the size of the least int64).
func digits(a, b uint64) int64 {
	var sum int64
	lo, next := uint64(0), uint64(10)
	for d := int64(1); lo <= b; d++ {
		hi := next - 1
		if d == 20 {
			hi = 1<<64 - 1
		}
		if from, to := max(a, lo), min(b, hi); from <= to {
			sum += d * int64(to-from+1)
		}
		if d == 20 {
			break
		}
		lo, next = hi+1, next*10
	}
	return sum
}

// keys are the pattern's keys: "user-{0..239}" is user-0 … user-239.
func (p keyPattern) keys() []string {
	if !p.ranged {
		return []string{p.text}
	}
	var buf [20]byte
	n := p.count()
	// One allocation holds every key; the keys are slices of it.
	var all strings.Builder
	all.Grow(int(p.size()))
	for k := range n {
		all.WriteString(p.prefix)
		all.Write(strconv.AppendInt(buf[:0], p.lo+k, 10))
		all.WriteString(p.suffix)
	}
	s := all.String()
	keys := make([]string, 0, n)
	for k := range n {
		n := len(p.prefix) + len(strconv.AppendInt(buf[:0], p.lo+k, 10)) + len(p.suffix)
		keys = append(keys, s[:n])
		s = s[n:]
	}
	return keys
}

// expand is the keys of a pattern alone (parsePattern, then keys).
func expand(pattern string) ([]string, error) {
	p, err := parsePattern(pattern)
	if err != nil {
		return nil, err
	}
	return p.keys(), nil
}

// A patternTotal counts the keys of a file's patterns, and their bytes, as
// each is decoded and before it is expanded, against the pattern's bounds
// for the file's patterns together: 64 cells of a million keys each are
// refused at the second, with one pattern's keys made at most.
type patternTotal struct {
	keys, bytes int64
	over        bool
}

// errPatternsOver refuses a pattern after the one that took the file past
// its bound, which said so.
var errPatternsOver = errors.New("the file's key patterns are past their bound")

// take counts p, or says how the file's patterns with p are past the
// bound; p is not to be expanded then.
func (t *patternTotal) take(p keyPattern) error {
	if t.over {
		return errPatternsOver
	}
	t.keys, t.bytes = t.keys+p.count(), t.bytes+p.size()
	switch {
	case t.keys > maxKeys:
		t.over = true
		return fmt.Errorf("with the patterns before it, this file's key patterns make %d keys; at most %d are allowed in all", t.keys, maxKeys)
	case t.bytes > maxKeyBytes:
		t.over = true
		return fmt.Errorf("with the patterns before it, this file's key patterns make %d bytes of keys; at most %d are allowed in all", t.bytes, maxKeyBytes)
	}
	return nil
}

// parseRange finds a pattern's one {a..b}. ranged is false for a pattern
// without braces; any brace outside one valid range is an error.
func parseRange(pattern string) (prefix, suffix string, lo, hi int64, ranged bool, err error) {
	ranges := 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '{':
			end := strings.IndexByte(pattern[i:], '}')
			if end < 0 {
				return "", "", 0, 0, false, fmt.Errorf("pattern %s: the %q at character %d is not closed; %s", quote(pattern), '{', chars(pattern, i), rangeForm)
			}
			body := pattern[i+1 : i+end]
			a, b, ok := strings.Cut(body, "..")
			if !ok || !decimal(a) || !decimal(b) {
				return "", "", 0, 0, false, fmt.Errorf("pattern %s: %s at character %d is not a range; %s", quote(pattern), quote(pattern[i:i+end+1]), chars(pattern, i), rangeForm)
			}
			if ranges == 0 {
				prefix, suffix = pattern[:i], pattern[i+end+1:]
				lo, err = strconv.ParseInt(a, 10, 64)
				if err == nil {
					hi, err = strconv.ParseInt(b, 10, 64)
				}
				if err != nil {
					return "", "", 0, 0, false, fmt.Errorf("pattern %s: range bounds are too large; each must be between %d and %d", quote(pattern), int64(-1<<63), int64(1<<63-1))
				}
			}
			ranges++
			i += end
		case '}':
			return "", "", 0, 0, false, fmt.Errorf("pattern %s: the %q at character %d closes no %q; %s", quote(pattern), '}', chars(pattern, i), '{', rangeForm)
		}
	}
	if ranges > 1 {
		return "", "", 0, 0, false, fmt.Errorf("pattern %s has %d ranges; one {a..b} is allowed", quote(pattern), ranges)
	}
	return prefix, suffix, lo, hi, ranges == 1, nil
}

// decimal tells whether s is a decimal whole number: digits after an
// optional minus sign.
func decimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// chars is the 1-based character position of byte i of s.
func chars(s string, i int) int { return utf8.RuneCountInString(s[:i]) + 1 }

// quote quotes a pattern for an error, cut short so that a hostile pattern
// of megabytes does not make a message of megabytes.
func quote(s string) string {
	const most = 64
	if len(s) <= most {
		return strconv.Quote(s)
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// plusOne is n+1 in decimal, exact where n+1 overflows: a pattern from the
// least int64 to the greatest makes 2⁶⁴ keys. (Adding in decimal keeps
// math/big out of the page's WebAssembly engine.)
func plusOne(n uint64) string {
	d := []byte(strconv.FormatUint(n, 10))
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] < '9' {
			d[i]++
			return string(d)
		}
		d[i] = '0'
	}
	return "1" + string(d)
}
