package roster

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/partlab/partlab/internal/golden"
)

func TestParse(t *testing.T) {
	students, _, err := Parse(strings.NewReader("\ufeffEmail, ID ,name\nada@school.example,s1,Ada Lovelace\n\n bob@x , s2 ,Bob\n"), "r.csv", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []Student{{ID: "s1", Name: "Ada Lovelace", Email: "ada@school.example", Line: 2}, {ID: "s2", Name: "Bob", Email: "bob@x", Line: 4}}
	if fmt.Sprint(students) != fmt.Sprint(want) {
		t.Errorf("students %+v, want %+v", students, want)
	}
}

// An LMS's own CSV export is a roster as it is: its id, name and email
// found under the LMS's names, the columns its gradebook import matches
// students by kept, every other column ignored and named, Canvas's
// "Points Possible" row skipped.
func TestParseLMS(t *testing.T) {
	tests := []struct {
		name, in, idColumn string
		want               []Student
		ignored            []string
	}{
		{"extra columns", "id,name,section,grade\ns1,Ada,A,B+\n", "",
			[]Student{{ID: "s1", Name: "Ada", LMS: map[string]string{"section": "A"}, Line: 2}}, []string{"grade"}},
		{"canvas", "Student,ID,SIS User ID,SIS Login ID,Section,Day 24 (1234)\n" +
			"    Points Possible,,,,,4.00\n" +
			"\"Lovelace, Ada\",101,S-1,ada,Section A,3.00\n",
			"", []Student{{ID: "101", Name: "Lovelace, Ada", LMS: map[string]string{"SIS Login ID": "ada", "SIS User ID": "S-1", "Section": "Section A"}, Line: 3}},
			[]string{"Day 24 (1234)"}},
		{"moodle", "First name,Last name,ID number,Institution,Department,Email address,Last downloaded from this course\n" +
			"Ada,Lovelace,S-1,,,ada@school.example,1760000000\n",
			"", []Student{{ID: "ada@school.example", Name: "Ada Lovelace", Email: "ada@school.example", LMS: map[string]string{"ID number": "S-1"}, Line: 2}},
			[]string{"Institution", "Department", "Last downloaded from this course"}},
		{"moodle, --id-column", "First name,Surname,ID number,Email address\nAda,Lovelace,S-1,ada@school.example\n",
			"ID number", []Student{{ID: "S-1", Name: "Ada Lovelace", Email: "ada@school.example", LMS: map[string]string{"ID number": "S-1"}, Line: 2}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ignored, err := Parse(strings.NewReader(tt.in), "r.csv", tt.idColumn)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) || fmt.Sprint(ignored) != fmt.Sprint(tt.ignored) {
				t.Errorf("students %+v, ignored %q; want %+v, %q", got, ignored, tt.want, tt.ignored)
			}
		})
	}
}

// Every problem of a roster is reported at its line and column, all at once.
func TestParseRejects(t *testing.T) {
	many := "id\n"
	for i := range MaxStudents + 1 {
		many += fmt.Sprintf("s%d\n", i)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "r.csv:1:1: empty roster"},
		{"no id column", "name,email\nAda,a@x\n", "r.csv:1:1: no id column"},
		{"no --id-column", "id,name\ns1,A\n", `r.csv:1:1: no column "Student Number", which --id-column names`},
		{"duplicate column", "id,ID\ns1,s1\n", `r.csv:1:2: duplicate column "id"`},
		{"no students", "id\n", "r.csv:2:1: no students"},
		{"empty id", "id,name\n,Ada\n", "r.csv:2:1: empty id"},
		{"duplicate id", "id\ns1\ns1\n", `r.csv:3:1: duplicate id "s1" (first on line 2)`},
		{"unprintable id", "id\n\"s\x071\"\n", `r.csv:2:1: id "s\a1" has a character that does not print`},
		{"long field", "id,name\ns1," + strings.Repeat("n", maxField+1) + "\n", "r.csv:2:2: name is 257 bytes long; the limit is 256"},
		{"too many", many, fmt.Sprintf("more than %d students", MaxStudents)},
		{"two problems", "id\n\ns1\ns1\n,\n", `r.csv:4:1: duplicate id "s1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			idColumn := ""
			if strings.Contains(tc.name, "--id-column") {
				idColumn = "Student Number"
			}
			if _, _, err := Parse(strings.NewReader(tc.in), "r.csv", idColumn); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestLoadSecret(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	long := file("long.txt", "  correct horse battery staple\n")
	short := file("short.txt", "tooshort\n")
	for _, tc := range []struct{ name, file, env, want, err string }{
		{"file, trimmed", long, "", "correct horse battery staple", ""},
		{"file before env", long, "an entirely different secret", "correct horse battery staple", ""},
		{"env", "", " an entirely different secret ", "an entirely different secret", ""},
		{"none", "", "", "", "no secret: a roster needs the course's secret"},
		{"short file", short, "", "", "short.txt: the secret is 8 bytes; want at least 16"},
		{"short env", "", "abc", "", "$PARTLAB_SECRET: the secret is 3 bytes"},
		{"missing file", filepath.Join(dir, "none.txt"), "", "", "--secret-file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := LoadSecret(tc.file, tc.env)
			switch {
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("error %v, want %q", err, tc.err)
			case tc.err == "" && (err != nil || string(s) != tc.want):
				t.Errorf("secret %q, %v; want %q", s, err, tc.want)
			}
		})
	}
}

// TestToken: a token is 26 lowercase base32 characters, the same for the
// same secret, student and scenario, and different when any of them is;
// its parts do not run together.
func TestToken(t *testing.T) {
	a, b := Secret("correct horse battery staple 0123"), Secret("an entirely different course secret")
	tok := a.Token("s1", "day-24")
	if !isToken(tok) || tok != a.Token("s1", "day-24") {
		t.Fatalf("token %q: not a stable token", tok)
	}
	for name, other := range map[string]string{
		"another secret":   b.Token("s1", "day-24"),
		"another student":  a.Token("s2", "day-24"),
		"another scenario": a.Token("s1", "day-25"),
		"parts run on":     a.Token("s1d", "ay-24"),
	} {
		if other == tok {
			t.Errorf("%s: the same token %q", name, tok)
		}
	}
	for _, s := range []string{"", strings.ToUpper(tok), tok[:25], tok + "a", strings.Repeat("1", 26)} {
		if isToken(s) {
			t.Errorf("isToken(%q) = true", s)
		}
	}
}

// TestPick: every choice below choices, the same for the same inputs, one
// path's choice independent of the others, and every value drawn.
func TestPick(t *testing.T) {
	s := Secret("correct horse battery staple 0123")
	pick := s.Pick("s1", "day-24")
	if pick("source.seed", 3) != s.Pick("s1", "day-24")("source.seed", 3) {
		t.Error("the same student's pick differs")
	}
	seen := map[uint64]int{}
	for i := range 300 {
		v := s.Pick(fmt.Sprintf("s%d", i), "day-24")("cells.ceiling.partitions", 3)
		if v >= 3 {
			t.Fatalf("pick %d of 3 choices", v)
		}
		seen[v]++
	}
	for v := range uint64(3) {
		if seen[v] < 60 {
			t.Errorf("value %d drawn %d times of 300", v, seen[v])
		}
	}
	if got := pick("any", 1); got != 0 {
		t.Errorf("one choice: %d", got)
	}
}

// isToken reports whether s has a token's form: 26 characters of
// lowercase base32.
func isToken(s string) bool {
	return len(s) == 26 && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz234567") == ""
}
