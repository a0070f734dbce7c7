package markdown

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/scenarios"
)

// text/template's errors read "template: text:LINE[:COL]: [executing "NAME"
// at <NODE>: ]message", in Go's terms; COL counts bytes from 0. An unclosed
// action is reported where the text ends, "started at text:LINE".
var (
	templateErr = lazyregexp.New(`(?s)^template: text:(\d+)(?::(\d+))?: (?:executing "[^"]*" at <(.*?)>: )?(.*)$`)
	startedAt   = lazyregexp.New(` started at text:(\d+)$`)
	calling     = lazyregexp.New(`^error calling \w+: `)
	noField     = lazyregexp.New(`^can't evaluate field (\w+) in type (\S+)$`)
	nilPointer  = lazyregexp.New(`^nil pointer evaluating (\S+)\.(\w+)$`)
	noFunction  = lazyregexp.New(`^function "(\w+)" not defined$`)
)

// builtins are text/template's own functions, for "did you mean".
var builtins = []string{"and", "call", "eq", "ge", "gt", "html", "index", "js", "le", "len", "lt", "ne", "not", "or", "print", "printf", "println", "slice", "urlquery"}

// textError places an error of an author's text at its position in the
// scenario file, in the author's terms: what the value is and which fields
// it has, never a Go type.
func (v *Vocabulary) textError(t Text, err error) *scenarios.Error {
	e := &scenarios.Error{File: v.file, Line: t.at.Line, Col: t.at.Col, Field: t.field}
	msg, node := err.Error(), ""
	if m := templateErr.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		node, msg = m[3], m[4]
		if sm := startedAt.FindStringSubmatch(msg); sm != nil {
			line, _ = strconv.Atoi(sm[1])
			msg = strings.TrimSuffix(msg, sm[0])
		}
		e.Line, e.Col = t.at.Line+line-1, t.at.Col+col
	}
	var limit *limitError
	switch {
	case errors.As(err, &limit):
		msg = limit.msg // the bound's own words: the node is often the budget's call
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		msg = "stopped: " + context.Cause(v.ctx).Error()
	case noField.MatchString(msg):
		msg = "." + noField.FindStringSubmatch(msg)[1] + ": " + v.authorTerms(msg) // the node is the chain's operand
	case node != "":
		msg = node + ": " + v.authorTerms(calling.ReplaceAllString(msg, ""))
	default:
		msg = v.authorTerms(msg)
	}
	e.Msg = "template: " + msg
	return e
}

// authorTerms rewrites the messages of text/template that name Go types or
// could name what was meant.
func (v *Vocabulary) authorTerms(msg string) string {
	if m := noField.FindStringSubmatch(msg); m != nil {
		t := v.types()[m[2]]
		fields := fieldsOf(t)
		msg = fmt.Sprintf("no field %q in %s", m[1], v.describe(t, m[2]))
		if near := scenarios.Suggest(m[1], fields); near != "" {
			return msg + near
		}
		if len(fields) > 0 {
			return msg + " (want one of ." + strings.Join(fields, ", .") + ")"
		}
		return msg
	}
	if m := nilPointer.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("no %s here to take .%s of", v.describe(v.types()[m[1]], m[1]), m[2])
	}
	if m := noFunction.FindStringSubmatch(msg); m != nil {
		names := slices.Concat(slices.Sorted(maps.Keys(v.funcs())), builtins)
		return msg + scenarios.Suggest(m[1], names)
	}
	return msg
}

// describe names a value of type t (Go's name goName) as an author would.
func (v *Vocabulary) describe(t reflect.Type, goName string) string {
	if t == nil {
		return "this value"
	}
	if t == reflect.TypeOf(v) {
		return "the scenario"
	}
	for _, c := range v.cells {
		if c.Result != nil && reflect.TypeOf(c.Result) == t {
			return article(string(c.Kind) + " cell's results")
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return v.describe(t.Elem(), goName)
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map:
		return "a map"
	case reflect.Struct:
		return article(words(t.Name()))
	}
	return "a number"
}

func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// words splits a Go name into lowercase words: ServingRegion, "serving region".
func words(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// types maps the Go name of every type a template can reach, from the dot,
// the vocabulary's functions and the cells' results, to the type.
func (v *Vocabulary) types() map[string]reflect.Type {
	seen := map[string]reflect.Type{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if t == nil || seen[t.String()] != nil {
			return
		}
		seen[t.String()] = t
		for i := range t.NumMethod() {
			if m := t.Method(i); m.Type.NumOut() > 0 {
				walk(m.Type.Out(0))
			}
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(t.Elem())
		case reflect.Struct:
			walk(reflect.PointerTo(t))
			for _, f := range reflect.VisibleFields(t) {
				if f.IsExported() {
					walk(f.Type)
				}
			}
		}
	}
	walk(reflect.TypeOf(v))
	for _, f := range v.funcs() {
		if t := reflect.TypeOf(f); t.NumOut() > 0 {
			walk(t.Out(0))
		}
	}
	for _, c := range v.cells {
		walk(reflect.TypeOf(c.Result))
	}
	return seen
}

// fieldsOf lists what an author may write after a value of type t: its
// exported fields in their order that results.json shows, then the
// vocabulary's own names beyond them (authorNames). Fields kept out of
// results.json (json:"-") and methods are the engine's and the renderer's
// plumbing, which a template can reach but an author is not offered.
func fieldsOf(t reflect.Type) []string {
	if t == nil {
		return nil
	}
	var out []string
	methods := t
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	} else {
		methods = reflect.PointerTo(t)
	}
	if t.Kind() == reflect.Struct {
		for _, f := range reflect.VisibleFields(t) {
			if f.IsExported() && !f.Anonymous && (f.Tag.Get("json") != "-" || slices.Contains(authorNames, f.Name)) {
				out = append(out, f.Name)
			}
		}
	}
	for i := range methods.NumMethod() {
		if m := methods.Method(i); slices.Contains(authorNames, m.Name) && m.Type.NumIn() == 1 {
			out = append(out, m.Name)
		}
	}
	return out
}

// authorNames are the names docs/authoring.md offers authors beside the fields
// of results.json: the scenario's .Baseline, the source's .Records and a
// row's .Swing (its signed drift).
var authorNames = []string{"Baseline", "Records", "Swing"}

// quoted lists names quoted and comma-separated, for errors.
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
