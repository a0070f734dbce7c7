package cli

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamples runs every example of every command's help, in the table's
// order, in a course partlab init wrote, with a roster, a secret and a
// scenario with variants beside it (assess/day-24.yaml), and wants each to
// succeed: an example in the help is a command line that works. A word with
// a * is expanded as a shell would. serve's examples, which run until
// stopped, have their flags parsed only.
func TestExamples(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := partlab(t, "init", dir); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	quiz, err := os.ReadFile(variantsYAML)
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"roster.csv":         "id,name\ns0001,Student One\ns0002,Student Two\n",
		"secret.txt":         secretA + "\n",
		"assess/day-24.yaml": string(quiz),
	} {
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What grade's examples score: the first student's answers, written
	// once render --roster has made the students' tokens.
	before := map[string]func(){
		"grade": func() {
			os.MkdirAll("answers", 0o755)
			token := students(t, "teacher")[0][4]
			answersFile(t, filepath.Join("answers", token+".json"), token, map[string]float64{"P1": 1}, nil)
		},
	}
	for _, c := range commands() {
		if len(c.Examples) < 1 {
			t.Errorf("%s: no example", c.name())
		}
		for _, e := range c.Examples {
			words := strings.Fields(e.Line)
			if words[0] != "partlab" || len(words) > 1 && words[1] != c.Name && c.Name != "" && c.Name != "version" {
				t.Errorf("%s: the example %q is not of the command", c.name(), e.Line)
				continue
			}
			if f := before[c.Name]; f != nil {
				f()
				delete(before, c.Name)
			}
			var args []string
			for _, w := range words[1:] {
				if !strings.Contains(w, "*") {
					args = append(args, w)
					continue
				}
				matches, _ := filepath.Glob(w)
				if len(matches) == 0 {
					t.Errorf("%s: %q matches no file", e.Line, w)
				}
				args = append(args, matches...)
			}
			if c.Name == "serve" {
				fs := flag.NewFlagSet("serve", flag.ContinueOnError)
				fs.SetOutput(io.Discard)
				c.Flags(fs)
				if err := fs.Parse(args[1:]); err != nil {
					t.Errorf("%s: %v", e.Line, err)
				}
				continue
			}
			if stdout, stderr, err := partlab(t, args...); err != nil {
				t.Errorf("%s: %v\n%s%s", e.Line, err, stderr, stdout)
			}
		}
	}
}
