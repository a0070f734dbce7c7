package scenarios

import (
	"fmt"
	"regexp"
	"strconv"
)

// maxKeys bounds the keys a pattern may make.
const maxKeys = 1_000_000

var rangePattern = regexp.MustCompile(`\{(-?\d+)\.\.(-?\d+)\}`)

// expand turns a key pattern with one numeric range into its keys:
// "user-{0..239}" is user-0 … user-239. A pattern without a range is one key.
func expand(pattern string) ([]string, error) {
	loc := rangePattern.FindAllStringSubmatchIndex(pattern, -1)
	switch len(loc) {
	case 0:
		return []string{pattern}, nil
	case 1:
	default:
		return nil, fmt.Errorf("pattern %q has %d ranges; one {a..b} is allowed", pattern, len(loc))
	}
	m := loc[0]
	lo, err1 := strconv.Atoi(pattern[m[2]:m[3]])
	hi, err2 := strconv.Atoi(pattern[m[4]:m[5]])
	switch {
	case err1 != nil || err2 != nil:
		return nil, fmt.Errorf("pattern %q: range bounds are too large", pattern)
	case hi < lo:
		return nil, fmt.Errorf("pattern %q makes no keys: %d..%d is empty", pattern, lo, hi)
	case hi-lo >= maxKeys:
		return nil, fmt.Errorf("pattern %q makes %d keys; at most %d are allowed", pattern, hi-lo+1, maxKeys)
	}
	prefix, suffix := pattern[:m[0]], pattern[m[1]:]
	keys := make([]string, 0, hi-lo+1)
	for i := lo; i <= hi; i++ {
		keys = append(keys, prefix+strconv.Itoa(i)+suffix)
	}
	return keys, nil
}
