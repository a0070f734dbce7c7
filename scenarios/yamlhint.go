package scenarios

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// yaml.v3's syntax errors say what its parser met, at column 1 of a line
// near the mistake: "mapping values are not allowed in this context" for
// an unquoted value holding ": " and for a line indented under a value,
// "did not find expected key" for a line that lines up with no key above
// it, reported at the line of the mapping it breaks. yamlHint finds the
// two commonest mistakes behind them in the lines themselves and says, at
// the place, what to do.

// A hintLine is a line of the file as yamlHint reads it: its indentation,
// the key it starts (after any "- " of a list item) and the value after it.
type hintLine struct {
	number int // 1-based
	indent int // columns before the line's first character
	dash   bool
	key    string
	value  string // after "key: ", without a comment
	keyed  bool   // a "key:" line
}

// keyLine is "key: value" or "key:", the key plain or quoted.
var keyLine = regexp.MustCompile(`^("[^"]*"|'[^']*'|[^\s"'#\-?:,\[\]{}][^:#]*?):(?:\s+(.*))?$`)

// parseLine reads line number n; ok is false for a blank or comment line.
func parseLine(n int, line []byte) (l hintLine, ok bool) {
	text := strings.TrimRight(string(line), " \r")
	rest := strings.TrimLeft(text, " ")
	if rest == "" || strings.HasPrefix(rest, "#") {
		return l, false
	}
	l = hintLine{number: n, indent: len(text) - len(rest)}
	if rest == "-" || strings.HasPrefix(rest, "- ") {
		l.dash = true
		rest = strings.TrimLeft(strings.TrimPrefix(rest, "-"), " ")
	}
	if m := keyLine.FindStringSubmatch(rest); m != nil {
		l.key, l.value, l.keyed = m[1], m[2], true
		if i := strings.Index(l.value, " #"); i >= 0 {
			l.value = strings.TrimRight(l.value[:i], " ")
		}
	} else {
		l.value = rest
	}
	return l, true
}

// keyColumn is the 0-based column of l's key.
func (l hintLine) keyColumn(line []byte) int {
	return bytes.Index(line, []byte(l.key))
}

// scalar reports whether l's value is a scalar on the line, so that deeper
// lines below it continue the value rather than open a mapping; a block
// scalar's lines (| or >) are its text.
func (l hintLine) scalar() bool {
	return l.value != ""
}

// yamlHint returns where the mistake behind yaml.v3's message msg at line
// (1-based) lies and what to do, or ok false when it sees no such mistake.
func yamlHint(lines [][]byte, line int, msg string) (at Pos, hint string, ok bool) {
	if msg == "mapping values are not allowed in this context" && line >= 1 && line <= len(lines) {
		if at, hint, ok := underValue(lines, line); ok {
			return at, hint, true
		}
		if at, hint, ok := colonInValue(lines, line); ok {
			return at, hint, true
		}
	}
	return misaligned(lines)
}

// underValue finds a "key: value" line indented deeper than the "key:
// value" above it: YAML reads it as the rest of that value, and its ": "
// as a mapping where none may start.
func underValue(lines [][]byte, n int) (Pos, string, bool) {
	l, ok := parseLine(n, lines[n-1])
	if !ok || !l.keyed {
		return Pos{}, "", false
	}
	for p := n - 1; p >= 1; p-- {
		above, ok := parseLine(p, lines[p-1])
		if !ok {
			continue
		}
		if !above.keyed || !above.scalar() || above.indent+dashWidth(above) >= l.indent {
			return Pos{}, "", false
		}
		col := above.keyColumn(lines[p-1]) + 1
		return Pos{n, l.indent + 1}, fmt.Sprintf("%q is indented further than %q above it, which has a value of its own, so YAML reads the line as the rest of that value: "+
			"indent the line under its key, at column %d as %q is, or under a key that ends with \":\"", l.key, above.key, col, above.key), true
	}
	return Pos{}, "", false
}

// dashWidth is how far a list item's key stands right of its dash.
func dashWidth(l hintLine) int {
	if l.dash {
		return 2
	}
	return 0
}

// colonInValue finds an unquoted value that holds ": ", which YAML reads as
// the start of a mapping inside the value.
func colonInValue(lines [][]byte, n int) (Pos, string, bool) {
	l, ok := parseLine(n, lines[n-1])
	if !ok || !l.keyed || !strings.Contains(l.value, ": ") || strings.ContainsAny(l.value[:1], `"'[{|>`) {
		return Pos{}, "", false
	}
	col := bytes.Index(lines[n-1], []byte(l.value)) + 1
	quoted := "'" + strings.ReplaceAll(l.value, "'", "''") + "'"
	return Pos{n, col}, fmt.Sprintf("the value of %q holds \": \", which YAML reads as the start of a mapping: quote the value, %s: %s", l.key, l.key, quoted), true
}

// misaligned finds the first line that, indented less than the line above,
// lines up with no key it could belong to: YAML finds no key there.
func misaligned(lines [][]byte) (Pos, string, bool) {
	type level struct {
		indent int
		key    string
	}
	var open []level
	continued := -1 // the indentation below which lines continue a value
	for i, text := range lines {
		l, ok := parseLine(i+1, text)
		if !ok {
			continue
		}
		if continued >= 0 && l.indent > continued {
			continue // a block scalar's text, or a plain value's next line
		}
		continued = -1
		popped := level{indent: -1}
		for len(open) > 0 && open[len(open)-1].indent > l.indent {
			popped, open = open[len(open)-1], open[:len(open)-1]
		}
		if popped.indent >= 0 && (len(open) == 0 || open[len(open)-1].indent < l.indent) {
			under := "the top level"
			if len(open) > 0 {
				under = fmt.Sprintf("%q", open[len(open)-1].key)
			}
			return Pos{l.number, l.indent + 1}, fmt.Sprintf("line %d lines up with no key above it: indent the line under its key, at column %d as %q is (under %s)",
				l.number, popped.indent+1, popped.key, under), true
		}
		if len(open) > 0 && open[len(open)-1].indent == l.indent {
			open = open[:len(open)-1]
		}
		key := l.key
		if l.dash {
			open = append(open, level{l.indent, "-"})
			key = strings.TrimSpace(key)
			l.indent += 2
		}
		if l.keyed {
			open = append(open, level{l.indent, key})
		}
		if l.scalar() || !l.keyed {
			continued = l.indent
		}
	}
	return Pos{}, "", false
}
