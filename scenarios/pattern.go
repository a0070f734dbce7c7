package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A pattern's bounds: its keys, and their bytes added up. Both are checked
// before anything is allocated, so a hostile pattern costs no memory.
const (
	maxKeys     = 1_000_000
	maxKeyBytes = 16 << 20
)

// rangeForm is how an error shows the one valid use of braces.
const rangeForm = "a range is written {a..b} with whole numbers a ≤ b, such as user-{0..239}"

// expand turns a key pattern with one numeric range into its keys:
// "user-{0..239}" is user-0 … user-239. A pattern without braces is one key;
// every other brace is an error, so that "order-{0-999}" is not taken for a
// literal key.
func expand(pattern string) ([]string, error) {
	prefix, suffix, lo, hi, ranged, err := parseRange(pattern)
	if err != nil {
		return nil, err
	}
	if !ranged {
		if len(pattern) > maxKeyBytes {
			return nil, fmt.Errorf("key %s has %d bytes; at most %d are allowed", quote(pattern), len(pattern), maxKeyBytes)
		}
		return []string{pattern}, nil
	}
	if hi < lo {
		return nil, fmt.Errorf("pattern %s makes no keys: %d..%d is empty", quote(pattern), lo, hi)
	}
	// hi-lo in uint64 is exact for any int64 bounds with lo ≤ hi.
	span := uint64(hi) - uint64(lo)
	if span >= maxKeys {
		return nil, fmt.Errorf("pattern %s makes %s keys; at most %d are allowed", quote(pattern), plusOne(span), maxKeys)
	}
	var buf [20]byte
	keyLen := func(k int64) int { return len(prefix) + len(strconv.AppendInt(buf[:0], lo+k, 10)) + len(suffix) }
	size := 0
	for k := range int64(span) + 1 {
		if size += keyLen(k); size > maxKeyBytes {
			return nil, fmt.Errorf("pattern %s makes more than %d bytes of keys; at most %d are allowed", quote(pattern), maxKeyBytes, maxKeyBytes)
		}
	}
	// One allocation holds every key; the keys are slices of it.
	var all strings.Builder
	all.Grow(size)
	for k := range int64(span) + 1 {
		all.WriteString(prefix)
		all.Write(strconv.AppendInt(buf[:0], lo+k, 10))
		all.WriteString(suffix)
	}
	s := all.String()
	keys := make([]string, 0, span+1)
	for k := range int64(span) + 1 {
		n := keyLen(k)
		keys = append(keys, s[:n])
		s = s[n:]
	}
	return keys, nil
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
