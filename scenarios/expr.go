package scenarios

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"
)

// An expression derives a whole number from values named once: a cell's
// field written as partitions/2 or 2*partitions, or a figure's member
// written relative to its cell, ceiling.speedup@2*partitions. It is integer
// arithmetic only, + - * and / (floor division), parentheses and names,
// evaluated at once against the names its scope gives:
//
//	partitions = 8: partitions/2 is 4, 2*partitions is 16, (partitions+1)/2 is 4
//
// Both bounds are small, as a formula in a YAML value is: an expression is
// at most maxExprLen bytes and nests at most maxExprDepth deep.
const (
	maxExprLen   = 100
	maxExprDepth = 8
)

// exprPattern is what the schema accepts as an expression: the characters
// one may hold, with at least one name. The decoder states the rest.
var exprPattern = regexp.MustCompile(`^[-+*/() 0-9]*[A-Za-z_][-+*/() A-Za-z0-9_]*$`)

// An exprError is a problem of an expression at its byte offset.
type exprError struct {
	off int
	msg string
}

func (e *exprError) Error() string { return e.msg }

// errNoName is an expression's name that its scope does not give; a
// noName is one, in the words of the scope.
var errNoName = errors.New("no such name")

type noName string

func (e noName) Error() string      { return string(e) }
func (noName) Is(target error) bool { return target == errNoName }

// evalExpr evaluates src, reading each name through lookup, which returns
// a noName for a name it does not give.
// It returns the value and the names the expression read.
func evalExpr(src string, lookup func(name string) (int64, error)) (int64, []string, error) {
	if len(src) > maxExprLen {
		return 0, nil, &exprError{0, fmt.Sprintf("expression is %d bytes; at most %d are allowed", len(src), maxExprLen)}
	}
	p := &exprParser{src: src, lookup: lookup}
	p.next()
	v := p.sum(0)
	if p.err == nil && p.tok != "" {
		p.fail(p.at, "unexpected %q", p.tok)
	}
	if p.err != nil {
		return 0, p.names, p.err
	}
	return v, p.names, nil
}

// exprParser is a recursive-descent parser that evaluates as it reads;
// it stops at the first error.
type exprParser struct {
	src    string
	pos    int    // where the next token starts
	tok    string // the current token; "" at the end
	at     int    // where tok starts
	lookup func(string) (int64, error)
	names  []string
	err    error
}

func (p *exprParser) fail(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &exprError{off, fmt.Sprintf(format, args...)}
	}
}

// next reads the next token: a number, a name or one operator.
func (p *exprParser) next() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
	p.at = p.pos
	if p.pos == len(p.src) {
		p.tok = ""
		return
	}
	end := p.pos + 1
	switch c := p.src[p.pos]; {
	case isDigit(c):
		for end < len(p.src) && isDigit(p.src[end]) {
			end++
		}
	case isNameStart(c):
		for end < len(p.src) && (isNameStart(p.src[end]) || isDigit(p.src[end])) {
			end++
		}
	}
	p.tok, p.pos = p.src[p.at:end], end
}

func isDigit(c byte) bool     { return '0' <= c && c <= '9' }
func isNameStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// sum is term (("+" | "-") term)*.
func (p *exprParser) sum(depth int) int64 {
	v := p.product(depth)
	for p.err == nil && (p.tok == "+" || p.tok == "-") {
		op, at := p.tok, p.at
		p.next()
		w := p.product(depth)
		if op == "-" {
			w = -w
		}
		v = p.checked(at, float64(v)+float64(w), v+w)
	}
	return v
}

// product is unary (("*" | "/") unary)*.
func (p *exprParser) product(depth int) int64 {
	v := p.unary(depth)
	for p.err == nil && (p.tok == "*" || p.tok == "/") {
		op, at := p.tok, p.at
		p.next()
		w := p.unary(depth)
		switch {
		case p.err != nil:
		case op == "*":
			v = p.checked(at, float64(v)*float64(w), v*w)
		case w == 0:
			p.fail(at, "division by zero")
		default:
			q := v / w
			if v%w != 0 && (v < 0) != (w < 0) {
				q--
			}
			v = q
		}
	}
	return v
}

// checked is exact unless approx, the same operation in floating point,
// shows that it overflowed.
func (p *exprParser) checked(at int, approx float64, exact int64) int64 {
	if math.Abs(approx) > 1<<62 {
		p.fail(at, "the value is out of range")
	}
	return exact
}

// unary is "-" unary, or a primary.
func (p *exprParser) unary(depth int) int64 {
	if p.tok == "-" {
		at := p.at
		if depth >= maxExprDepth {
			p.fail(at, "nests deeper than %d", maxExprDepth)
			return 0
		}
		p.next()
		return -p.unary(depth + 1)
	}
	return p.primary(depth)
}

// primary is a number, a name or a parenthesised sum.
func (p *exprParser) primary(depth int) int64 {
	tok, at := p.tok, p.at
	switch {
	case tok == "":
		p.fail(at, "ends where a number or a name is wanted")
		return 0
	case tok == "(":
		if depth >= maxExprDepth {
			p.fail(at, "nests deeper than %d", maxExprDepth)
			return 0
		}
		p.next()
		v := p.sum(depth + 1)
		if p.err == nil && p.tok != ")" {
			p.fail(p.at, "missing ) for the ( at byte %d", at+1)
		}
		p.next()
		return v
	case isDigit(tok[0]):
		p.next()
		v, err := strconv.ParseInt(tok, 10, 64)
		if err != nil || v > 1<<62 {
			p.fail(at, "the number %s is out of range", tok)
		}
		return v
	case isNameStart(tok[0]):
		p.next()
		p.names = append(p.names, tok)
		v, err := p.lookup(tok)
		if err != nil {
			p.fail(at, "%v", err)
		}
		return v
	}
	p.fail(at, "unexpected %q; an expression holds whole numbers, names, + - * / and parentheses", tok)
	return 0
}

// expression decodes n, a string where a whole number within b is wanted,
// as an expression of the cell's fields. Outside a cell, a string is no
// whole number.
func (d *decoder) expression(n *yaml.Node, path string, b bounds[int64]) int64 {
	if d.inCell == "" {
		d.errorf(n, path, "must be a whole number between %d and %d (got %s)", b.min, b.max, describe(n))
		return 0
	}
	lookup := d.scopes[len(d.scopes)-1]
	if bareUnknown(n.Value, lookup) {
		d.errorf(n, path, "must be a whole number between %d and %d (got %s); %q names no whole-number field of the cell", b.min, b.max, describe(n), n.Value)
		return 0
	}
	v, ok := d.eval(n, path, lookup, "a whole-number field of a cell may be an expression of its other whole-number fields, such as partitions/2")
	if ok && !b.contains(v) {
		d.errorf(n, path, "must be between %d and %d (got %s = %d)", b.min, b.max, n.Value, v)
		return 0
	}
	return v
}

// bareUnknown reports whether s is one name that lookup does not give: a
// word where a number was wanted, not an expression gone wrong.
func bareUnknown(s string, lookup func(string) (int64, error)) bool {
	if !idPattern.MatchString(s) {
		return false
	}
	_, err := lookup(s)
	return errors.Is(err, errNoName)
}

// eval evaluates the expression n holds in lookup's names, reporting a
// problem at the byte it concerns, followed by hint.
func (d *decoder) eval(n *yaml.Node, path string, lookup func(string) (int64, error), hint string) (int64, bool) {
	v, _, err := evalExpr(n.Value, lookup)
	var e *exprError
	if errors.As(err, &e) {
		at := *n
		at.Column += e.off
		if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0 {
			at.Column++
		}
		d.errorf(&at, path, "%s in %q; %s", e.msg, n.Value, hint)
		return 0, false
	}
	return v, true
}

// withExpressions lets every whole number of a cell's schema s be an
// expression too, as the decoder does: the cells' schemas are the only
// ones it applies to.
func withExpressions(s schema) {
	if s["type"] == "integer" {
		whole := schema{}
		for _, k := range []string{"type", "minimum", "maximum"} {
			whole[k] = s[k]
			delete(s, k)
		}
		s["anyOf"] = []schema{whole, exprSchema()}
		return
	}
	if items, ok := s["items"].(schema); ok {
		withExpressions(items)
	}
	if props, ok := s["properties"].(schema); ok {
		for _, p := range props {
			withExpressions(p.(schema))
		}
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if alts, ok := s[k].([]schema); ok {
			for _, a := range alts {
				withExpressions(a)
			}
		}
	}
}

// exprSchema is an expression as the schema sees it: its characters and
// its length; the names it reads and its value are the decoder's to check.
func exprSchema() schema {
	return schema{"type": "string", "pattern": exprPattern.String(), "maxLength": maxExprLen,
		"description": "an expression of the cell's other whole-number fields, such as partitions/2 or 2*partitions"}
}
