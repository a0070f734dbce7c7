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
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/partlab/partlab/internal/readfile"
)

// A Student is one row of a roster. Only the teacher's folder names a
// student: nothing published carries ID, Name, Email or LMS.
type Student struct {
	ID, Name, Email string
	// LMS are the columns of an LMS's export that its gradebook import
	// reads back (lmsColumns), by their names as written.
	LMS  map[string]string
	Line int // the student's line in the roster
}

// Limits of a roster: a class, not a census.
const (
	MaxStudents = 10_000
	maxFile     = 4 << 20
	maxField    = 256
)

// The columns a roster's header may name, lowercase: an id, a name and an
// email, each under the names partlab's own rosters and Canvas's and
// Moodle's CSV exports give them, the first present taken. A Moodle
// export has no id column: its email address is the id, unless the
// teacher names another (--id-column "ID number").
var (
	idColumns    = []string{"id", "email address"}
	nameColumns  = []string{"name", "student"}
	emailColumns = []string{"email", "email address"}
	// Moodle splits a name in two.
	firstColumn, lastColumns = "first name", []string{"last name", "surname"}
	// lmsColumns are what the LMSs' gradebook imports match a student
	// by, beside the id and email: Canvas's SIS User ID, SIS Login ID and
	// Section, Moodle's ID number.
	lmsColumns = []string{"sis user id", "sis login id", "section", "id number"}
)

// canvasPoints is the name of the row of Canvas's export that holds the
// assignments' points possible, not a student.
const canvasPoints = "Points Possible"

// Read reads the roster CSV at path (see Parse).
func Read(path, idColumn string) ([]Student, []string, error) {
	src, err := readfile.Read(path, "", maxFile)
	if err != nil {
		return nil, nil, err
	}
	return Parse(bytes.NewReader(src), path, idColumn)
}

// Parse reads a roster from r, named name in errors: a header naming an
// id column (idColumn when set, else one of idColumns) and optionally a
// name and an email, in any order and any case, then a row per student.
// Every other column is ignored and returned, as written, in ignored: an
// LMS's export works as it is. Every problem is reported at its line and
// column, all at once: a missing or duplicated column, an empty,
// duplicated or unprintable id, a field too long, too many students.
func Parse(r io.Reader, name, idColumn string) (students []Student, ignored []string, err error) {
	rd := csv.NewReader(r)
	rd.FieldsPerRecord = -1
	var errs []error
	at := func(line, col int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...)))
	}
	header, err := rd.Read()
	switch {
	case err == io.EOF:
		return nil, nil, fmt.Errorf("%s:1:1: empty roster: want a header with an id column (and optionally name and email), then a row per student", name)
	case err != nil:
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	index, dups := map[string]int{}, map[string]int{} // by lowercase name, from 1
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if index[h] != 0 {
			dups[h] = cmp.Or(dups[h], i+1)
			continue
		}
		index[h] = i + 1
	}
	ids := idColumns
	if idColumn != "" {
		ids = []string{strings.ToLower(strings.TrimSpace(idColumn))}
	}
	first := func(names []string) string {
		for _, n := range names {
			if index[n] != 0 {
				return n
			}
		}
		return ""
	}
	idCol, nameCol, emailCol, lastCol := first(ids), first(nameColumns), first(emailColumns), first(lastColumns)
	if nameCol == "" && index[firstColumn] == 0 {
		lastCol = ""
	}
	switch {
	case idColumn != "" && idCol == "":
		at(1, 1, "no column %q, which --id-column names (the header has %q)", idColumn, header)
	case idCol == "":
		at(1, 1, "no id column: the header must name one (id, and optionally name and email), or say which with --id-column")
	}
	used := []string{idCol, nameCol, emailCol, lastCol}
	if nameCol == "" {
		used = append(used, firstColumn)
	}
	for _, h := range slices.Sorted(maps.Keys(dups)) {
		if slices.Contains(used, h) || slices.Contains(lmsColumns, h) {
			at(1, dups[h], "duplicate column %q", h)
		}
	}
	for i, h := range header {
		if l := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))); !slices.Contains(used, l) && !slices.Contains(lmsColumns, l) {
			ignored = append(ignored, strings.TrimSpace(strings.TrimPrefix(header[i], "\ufeff")))
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	field := func(rec []string, col string) string {
		if i := index[col]; col != "" && i != 0 && i <= len(rec) {
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
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := rd.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		s := Student{ID: field(rec, idCol), Name: field(rec, nameCol), Email: field(rec, emailCol), Line: line}
		if s.Name == "" {
			s.Name = strings.TrimSpace(field(rec, firstColumn) + " " + field(rec, lastCol))
		}
		if s.ID == "" && s.Name == canvasPoints {
			continue
		}
		for _, col := range lmsColumns {
			if index[col] != 0 {
				if s.LMS == nil {
					s.LMS = map[string]string{}
				}
				s.LMS[strings.TrimSpace(header[index[col]-1])] = field(rec, col)
			}
		}
		for _, col := range append(used, lmsColumns...) {
			if v := field(rec, col); len(v) > maxField {
				at(line, index[col], "%s is %d bytes long; the limit is %d", col, len(v), maxField)
			}
		}
		switch first, dup := seen[s.ID]; {
		case s.ID == "":
			at(line, index[idCol], "empty %s: every student needs one", idCol)
		case strings.ContainsFunc(s.ID, func(r rune) bool { return !unicode.IsPrint(r) }):
			at(line, index[idCol], "%s %q has a character that does not print", idCol, s.ID)
		case dup:
			at(line, index[idCol], "duplicate %s %q (first on line %d)", idCol, s.ID, first)
		default:
			seen[s.ID] = line
		}
		if out = append(out, s); len(out) > MaxStudents {
			return nil, nil, fmt.Errorf("%s:%d:1: more than %d students; the limit is %d", name, line, MaxStudents, MaxStudents)
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("%s:2:1: no students: want a row per student after the header", name)
	}
	return out, ignored, nil
}
