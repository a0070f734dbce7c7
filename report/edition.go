package report

// An Edition is who a page is written for. The student's, the default,
// keeps every answer behind "Show the answer", closed on screen and printed
// as blank space to write in, and leaves the scenario's expectations to CI
// (check, render --strict). The teacher's answer key opens every answer,
// prints each prediction's figure in place of its input and lists the
// expectations, each held or missed.
type Edition int

const (
	Student Edition = iota
	Teacher
)

// String is the edition's name, as the page's data-edition says it:
// student or teacher.
func (e Edition) String() string {
	if e == Teacher {
		return "teacher"
	}
	return "student"
}

// Key reports whether the edition is the teacher's answer key.
func (e Edition) Key() bool { return e == Teacher }
