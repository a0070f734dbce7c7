package scenarios

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Error is one problem in a scenario file, at the position of the offending
// value: "scenarios/lab.yaml:14:7: grid.partitions[2]: must be between 1 and
// 4096 (got 0)".
type Error struct {
	File      string
	Line, Col int
	Field     string // the value's path, e.g. cells[2].grid.partitions[1]; empty for the file as a whole
	Msg       string
}

func (e *Error) Error() string {
	at := fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	if e.Line == 0 { // a --set override, which has no lines
		at = e.File
	}
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", at, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", at, e.Field, e.Msg)
}

// ErrorList is every problem found in a file, or in the files of one run
// (a scenario and its --params file), in file order once sorted. Like
// go/scanner's, it is built with Add and returned with Err, which is nil
// for an empty list, so that no caller returns an empty list as a non-nil
// error.
type ErrorList []*Error

// Add appends the problem msg at file:at, in field (empty for the file as a
// whole).
func (l *ErrorList) Add(file string, at Pos, field, msg string) {
	*l = append(*l, &Error{File: file, Line: at.Line, Col: at.Col, Field: field, Msg: msg})
}

// Sort sorts the list by file, line and column; problems at one place keep
// the order they were found in.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// Err returns the list as an error, or nil when it holds no problem.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Merge is the problems of errs, each nil, an ErrorList or an *Error, as
// one ErrorList in file order, or nil when there are none; an error of any
// other kind makes the result errors.Join of them all, unsorted.
func Merge(errs ...error) error {
	var all ErrorList
	for _, err := range errs {
		var list ErrorList
		var one *Error
		switch {
		case err == nil:
		case errors.As(err, &list):
			all = append(all, list...)
		case errors.As(err, &one):
			all = append(all, one)
		default:
			return errors.Join(errs...)
		}
	}
	all.Sort()
	return all.Err()
}
