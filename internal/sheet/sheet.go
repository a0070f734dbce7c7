// Package sheet writes CSV that a spreadsheet reads as data: every field a
// spreadsheet could take for a formula is neutralised, the OWASP way, by a
// leading single quote. It is for every CSV partlab writes (results.csv,
// figures.csv, students.csv, the gradebook); it is not a CSV reader.
package sheet

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// Cell is s as a spreadsheet should read it: a field that starts with =,
// +, -, @, a tab or a carriage return gets a leading ' (OWASP's CSV
// injection rule), unless it is a plain decimal number such as -15.29 or
// +3e2, which stays a number.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || number(s) {
		return s
	}
	return "'" + s
}

// number reports whether s is a decimal number and nothing else: digits,
// a point, an exponent and signs only, as strconv reads them. Inf, NaN and
// hexadecimal, which ParseFloat reads too, are not numbers to a
// spreadsheet.
func number(s string) bool {
	if strings.Trim(s, "0123456789.eE+-") != "" {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// A Writer is a csv.Writer whose every field goes through Cell.
type Writer struct {
	w   *csv.Writer
	rec []string
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: csv.NewWriter(w)} }

// Write writes one record, each field through Cell; record is not changed.
func (w *Writer) Write(record []string) error {
	w.rec = w.rec[:0]
	for _, f := range record {
		w.rec = append(w.rec, Cell(f))
	}
	return w.w.Write(w.rec)
}

// Flush writes any buffered data to the underlying io.Writer.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error of a previous Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }
