// Package roster gives each student of a class a variant of a scenario that
// nobody else can compute: it reads the roster (a CSV of students) and the
// course's secret, and derives from the secret, the student's id and the
// scenario's name the variant's values and the opaque token its page is
// published under.
//
// It is not for rendering the variants nor for grading them (package cli
// wires those): it only reads the two files and derives values from them.
package roster

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/partlab/partlab/internal/readfile"
)

// A Student is one row of a roster. Only the teacher's folder names a
// student: nothing published carries ID, Name or Email.
type Student struct {
	ID, Name, Email string
	Line            int // the student's line in the roster
}

// Limits of a roster: a class, not a census.
const (
	MaxStudents = 10_000
	maxFile     = 4 << 20
	maxField    = 256
)

// columns are a roster's columns: id is required, the others are optional.
var columns = []string{"id", "name", "email"}

// Read reads the roster CSV at path: a header naming an id column and
// optionally name and email, in any order, then a row per student. Every
// problem is reported at its line and column, all at once: an unknown or
// missing column, an empty, duplicated or unprintable id, a field too long,
// too many students.
func Read(path string) ([]Student, error) {
	src, err := readfile.Read(path, "", maxFile)
	if err != nil {
		return nil, err
	}
	return Parse(bytes.NewReader(src), path)
}

// Parse reads a roster from r, named name in errors (see Read).
func Parse(r io.Reader, name string) ([]Student, error) {
	rd := csv.NewReader(r)
	rd.FieldsPerRecord = -1
	var errs []error
	at := func(line, col int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...)))
	}
	header, err := rd.Read()
	switch {
	case err == io.EOF:
		return nil, fmt.Errorf("%s:1:1: empty roster: want a header with an id column (and optionally name and email), then a row per student", name)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	index := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		switch {
		case !slices.Contains(columns, h):
			at(1, i+1, "unknown column %q (want id, and optionally name and email)", h)
		case index[h] != 0:
			at(1, i+1, "duplicate column %q", h)
		default:
			index[h] = i + 1
		}
	}
	if index["id"] == 0 {
		at(1, 1, "no id column: the header must name one (id, and optionally name and email)")
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	field := func(rec []string, col string) string {
		if i := index[col]; i != 0 && i <= len(rec) {
			return strings.TrimSpace(rec[i-1])
		}
		return ""
	}
	var out []Student
	seen := map[string]int{}
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := rd.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		s := Student{ID: field(rec, "id"), Name: field(rec, "name"), Email: field(rec, "email"), Line: line}
		for _, col := range columns {
			if v := field(rec, col); len(v) > maxField {
				at(line, index[col], "%s is %d bytes long; the limit is %d", col, len(v), maxField)
			}
		}
		switch first, dup := seen[s.ID]; {
		case s.ID == "":
			at(line, index["id"], "empty id: every student needs one")
		case strings.ContainsFunc(s.ID, func(r rune) bool { return !unicode.IsPrint(r) }):
			at(line, index["id"], "id %q has a character that does not print", s.ID)
		case dup:
			at(line, index["id"], "duplicate id %q (first on line %d)", s.ID, first)
		default:
			seen[s.ID] = line
		}
		if out = append(out, s); len(out) > MaxStudents {
			return nil, fmt.Errorf("%s:%d:1: more than %d students; the limit is %d", name, line, MaxStudents, MaxStudents)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s:2:1: no students: want a row per student after the header", name)
	}
	return out, nil
}
