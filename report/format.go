package report

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// The report prints every number through these, in tables, charts' tables,
// the narrative and Markdown templates alike: whole numbers as they are,
// ratios and serving values with two decimals, as the lesson does.

// fixed2 prints x with two decimals: 1.44, -616.00.
func fixed2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// short prints a figure with at most two decimals and no trailing zeros:
// 8, 7.86, 0.5.
func short(f float64) string {
	s := strings.TrimRight(fixed2(f), "0")
	return strings.TrimSuffix(s, ".")
}

// thousands prints a whole number with its thousands grouped: 60,000.
func thousands(n int) string {
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

// signed2 prints x with two decimals and its sign: +16.15, -15.29, 0.00.
func signed2(x float64) string {
	if x > 0 {
		return "+" + fixed2(x)
	}
	return fixed2(x)
}

// percent prints part as a whole percentage of whole: 55%.
func percent(part, whole int) string {
	if whole == 0 {
		return "0%"
	}
	return strconv.Itoa((100*part+whole/2)/whole) + "%"
}

// sep is the separator before item i of n in an English list: "", ", ", " and ".
func sep(i, n int) string {
	switch {
	case i == 0:
		return ""
	case i == n-1:
		return " and "
	}
	return ", "
}

// list prints the items of a slice as an English list: "0, 1, 2 and 3".
func list(items any) (string, error) {
	v := reflect.ValueOf(items)
	if v.Kind() != reflect.Slice {
		return "", fmt.Errorf("list wants a list, got %T", items)
	}
	var b strings.Builder
	for i := range v.Len() {
		b.WriteString(sep(i, v.Len()))
		fmt.Fprint(&b, v.Index(i).Interface())
	}
	return b.String(), nil
}

// plural prints a count and its noun: "1 partition", "4 partitions".
func plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}

// itoaAll prints each of xs.
func itoaAll(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(x)
	}
	return out
}

// partitionName names a partition as the lab prints it: p3.
func partitionName(p int) string { return "p" + itoa(p) }

// partitionNames names each of ps.
func partitionNames(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = partitionName(p)
	}
	return out
}
