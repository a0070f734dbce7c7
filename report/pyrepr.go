package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/partlab/partlab/report/format"
)

// pyFloat formats f as Python's repr(float) does: the shortest digits that
// read back as f, in positional notation with at least one decimal for
// exponents -4 ≤ e < 16 and in scientific notation (1e+16, 1.5e-05) outside.
func pyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±xx
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if x < -4 || x >= 16 {
		sign := exp[0]
		digits := strings.TrimLeft(exp[1:], "0")
		if len(digits) < 2 {
			digits = strings.Repeat("0", 2-len(digits)) + digits
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// pyStr formats s as Python's repr(str) does for printable text without quotes
// or backslashes, which is all the lesson's names are.
func pyStr(s string) string { return "'" + s + "'" }

// pyInts formats a list of ints as Python prints one: [0, 1, 2].
func pyInts(xs []int) string { return "[" + strings.Join(format.Ints(xs), ", ") + "]" }
