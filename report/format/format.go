// Package format prints the report's numbers and lists in words, the same
// way in tables, charts' tables, narratives and an author's templates:
// 60,000, 1.44, +16.15, 55%, "0, 1, 2 and 3", "4 partitions". It chooses
// no figure and writes no markup: HTML and Markdown are the business of the
// packages that call it.
package format

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The report prints every number through these, in tables, charts' tables,
// the narrative and Markdown templates alike: whole numbers as they are,
// ratios and serving values with two decimals, as the lesson does.

// Fixed prints x with two decimals: 1.44, -616.00.
func Fixed(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// Short prints a figure with at most two decimals and no trailing zeros:
// 8, 7.86, 0.5.
func Short(f float64) string {
	s := strings.TrimRight(Fixed(f), "0")
	return strings.TrimSuffix(s, ".")
}

// Thousands prints a whole number with its thousands grouped: 60,000.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Signed prints x with two decimals and its sign: +16.15, -15.29, 0.00.
func Signed(x float64) string {
	if x > 0 {
		return "+" + Fixed(x)
	}
	return Fixed(x)
}

// Percent prints part as a whole percentage of whole: 55%.
func Percent(part, whole int) string {
	if whole == 0 {
		return "0%"
	}
	return strconv.Itoa((100*part+whole/2)/whole) + "%"
}

// Sep is the separator before item i of n in an English list: "", ", ", " and ".
func Sep(i, n int) string {
	switch {
	case i == 0:
		return ""
	case i == n-1:
		return " and "
	}
	return ", "
}

// List prints the items of a slice as an English list: "0, 1, 2 and 3".
func List(items any) (string, error) {
	v := reflect.ValueOf(items)
	if v.Kind() != reflect.Slice {
		return "", fmt.Errorf("list wants a list, got %T", items)
	}
	var b strings.Builder
	for i := range v.Len() {
		b.WriteString(Sep(i, v.Len()))
		fmt.Fprint(&b, v.Index(i).Interface())
	}
	return b.String(), nil
}

// tallyFrom is the length from which Tally prints a list by value.
const tallyFrom = 9

// Tally prints counts as an English list, and a long list by value, each
// value once in the order it first appears with how many times it comes:
// "40 × 7 and 24 × 6" (forty of them 7, twenty-four 6). Shared partitions
// and records take few values however many consumers share them, so a
// sentence that lists every consumer's share stays a sentence.
func Tally(xs []int) string {
	if len(xs) < tallyFrom {
		s, _ := List(xs)
		return s
	}
	var values, times []int
	for _, x := range xs {
		if i := slices.Index(values, x); i >= 0 {
			times[i]++
			continue
		}
		values, times = append(values, x), append(times, 1)
	}
	var b strings.Builder
	for i, v := range values {
		fmt.Fprintf(&b, "%s%d × %d", Sep(i, len(values)), times[i], v)
	}
	return b.String()
}

// Plural prints a count and its noun: "1 partition", "4 partitions".
func Plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}

// Ints prints each of xs.
func Ints(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(x)
	}
	return out
}

// Partition names a partition as the lab prints it: p3.
func Partition(p int) string { return "p" + strconv.Itoa(p) }

// Partitions names each of ps.
func Partitions(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = Partition(p)
	}
	return out
}
