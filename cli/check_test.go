package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/junit"
)

// checkFiles are small scenarios for check and render --strict: a sizing
// cell computes in microseconds.
var checkFiles = map[string]string{
	"ok.yaml": "title: Ok\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 5000}\n" +
		"expect:\n  - {figure: s.minimum, equals: 12}\n  - {figure: s.recommended, at_least: 18}\n",
	"miss.yaml": "title: Miss\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 5000}\n" +
		"expect:\n  - {figure: s.minimum, equals: 12}\n  - figure: s.recommended\n    at_most: 12\n    why: \"headroom <costs> & \\x01 more\"\n",
	"bad.yaml": "title: Bad\ncells:\n  - sizing: {id: s, target: 60000, per_consumer: 5000}\nexpect:\n  - {figure: s.maximum, equals: 12}\n",
}

func TestCheck(t *testing.T) {
	dir := scratch(t, checkFiles)
	file := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string // the whole of stdout
		err    string // in the error
	}{
		{"all hold", []string{file("ok.yaml")}, 0, "check: 2 expectations in 1 file: 2 held, 0 missed\n", ""},
		{"a miss", []string{file("miss.yaml"), file("ok.yaml")}, 1,
			file("miss.yaml") + `:6:5: expect[1]: s.recommended is 18, expected at most 12 — headroom <costs> & \x01 more` + "\n" +
				"check: 4 expectations in 2 files: 3 held, 1 missed\n", "1 of 4 expectations missed"},
		{"a bad file does not stop the others", []string{file("bad.yaml"), file("miss.yaml")}, 1,
			file("miss.yaml") + `:6:5: expect[1]: s.recommended is 18, expected at most 12 — headroom <costs> & \x01 more` + "\n" +
				"check: 2 expectations in 2 files: 1 held, 1 missed, 1 file could not be computed\n",
			file("bad.yaml") + `:5:14: expect[0].figure: the sizing cell "s" computes no "maximum" (nearest: s.minimum)`},
		{"compute flags", []string{"--engine", "sim", file("ok.yaml")}, 0, "check: 2 expectations in 1 file: 2 held, 0 missed\n", ""},
		{"no file and no scenarios/ here", nil, 1, "", "no scenarios/*.yaml here: run partlab in the project's root, or name the scenario files"},
		{"empty junit", []string{"--junit", "", file("ok.yaml")}, 2, "", "needs a file name"},
		{"missing file", []string{file("none.yaml")}, 1, "check: 0 expectations in 1 file: 0 held, 0 missed, 1 file could not be computed\n", "none.yaml does not exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, _, err := partlab(t, append([]string{"check"}, tc.args...)...)
			if code := exitCode(err); code != tc.code {
				t.Fatalf("exit %d (%v), want %d", code, err, tc.code)
			}
			if stdout != tc.stdout {
				t.Errorf("stdout\n%s\nwant\n%s", stdout, tc.stdout)
			}
			if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("error %v, want it to contain %q", err, tc.err)
			}
		})
	}
}

// TestCheckJUnit reads the report back as CI would: one suite per file, one
// case per expectation, a failure per miss, an error per file that could not
// be computed, at its line, one classname rule, a time on every suite and
// case, the author's text escaped, and the same bytes on every run but for
// the times.
func TestCheckJUnit(t *testing.T) {
	dir := scratch(t, checkFiles)
	junitFile := filepath.Join(dir, "junit.xml")
	args := []string{"check", "--junit", junitFile, filepath.Join(dir, "ok.yaml"), filepath.Join(dir, "miss.yaml"), filepath.Join(dir, "bad.yaml")}
	if _, _, err := partlab(t, args...); exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1", exitCode(err), err)
	}
	first, err := os.ReadFile(junitFile)
	if err != nil {
		t.Fatal(err)
	}
	partlab(t, args...)
	times := regexp.MustCompile(` time="[0-9]+\.[0-9]{3}"`)
	again, _ := os.ReadFile(junitFile)
	if n := len(times.FindAll(first, -1)); n != 1+3+5 {
		t.Errorf("%d time attributes, want one on the report, on each of 3 suites and on each of 5 cases", n)
	}
	if times.ReplaceAllString(string(again), "") != times.ReplaceAllString(string(first), "") {
		t.Error("two runs wrote reports that differ in more than their times")
	}
	var doc junit.Suites
	if err := xml.Unmarshal(first, &doc); err != nil {
		t.Fatalf("the report is no XML: %v\n%s", err, first)
	}
	if doc.Tests != 5 || doc.Failures != 1 || doc.Errors != 1 || len(doc.Suites) != 3 {
		t.Fatalf("tests %d, failures %d, errors %d, suites %d; want 5, 1, 1, 3", doc.Tests, doc.Failures, doc.Errors, len(doc.Suites))
	}
	for i, want := range []struct {
		name          string
		cases, failed int
	}{{"ok.yaml", 2, 0}, {"miss.yaml", 2, 1}, {"bad.yaml", 1, 0}} {
		s := doc.Suites[i]
		if filepath.Base(s.Name) != want.name || len(s.Cases) != want.cases || s.Failures != want.failed {
			t.Errorf("suite %d: %s with %d cases, %d failed; want %s, %d, %d", i, s.Name, len(s.Cases), s.Failures, want.name, want.cases, want.failed)
		}
	}
	miss := doc.Suites[1].Cases[1]
	if miss.Name != "expect[1]: s.recommended, expected at most 12" || miss.Line != 6 || miss.Failure == nil ||
		miss.Failure.Message != "s.recommended is 18, expected at most 12" || !strings.Contains(miss.Failure.Text, "headroom <costs> & \uFFFD more") {
		t.Errorf("the missed case reads %+v (failure %+v)", miss, miss.Failure)
	}
	if held := doc.Suites[1].Cases[0]; held.Failure != nil || held.Error != nil {
		t.Errorf("a held expectation failed: %+v", held)
	}
	if bad := doc.Suites[2].Cases[0]; bad.Error == nil || !strings.Contains(bad.Error.Message, `computes no "maximum"`) || bad.Line != 5 {
		t.Errorf("the bad file's case reads %+v, want its error at line 5", bad)
	}
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			if want := strings.TrimSuffix(filepath.Base(s.Name), ".yaml"); c.Classname != want || c.File != s.Name {
				t.Errorf("%s: case %q has classname %q and file %q, want %q and %q", s.Name, c.Name, c.Classname, c.File, want, s.Name)
			}
		}
	}
}

func TestRenderStrict(t *testing.T) {
	dir := scratch(t, checkFiles)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // in the error, or in the answer key's page on success
	}{
		{"strict, all hold", []string{"--strict", "ok.yaml"}, 0, `<strong class="mark">✓ holds</strong> <code>s.minimum</code> is 12, expected 12.`},
		{"strict, a miss", []string{"--strict", "ok.yaml", "miss.yaml"}, 1, "miss.yaml:6:5: expect[1]: s.recommended is 18, expected at most 12"},
		{"not strict, a miss", []string{"miss.yaml"}, 0, `<li class="missed"><strong class="mark">✗ misses</strong> <code>s.recommended</code> is 18, expected at most 12. <span class="why">headroom &lt;costs&gt; &amp;`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			out, key := filepath.Join(tmp, "out"), filepath.Join(tmp, "key")
			args := []string{"render", "-o", out, "--key", key, "--cdn", "https://x/e.js"}
			for _, a := range tc.args {
				if strings.HasSuffix(a, ".yaml") {
					a = filepath.Join(dir, a)
				}
				args = append(args, a)
			}
			_, _, err := partlab(t, args...)
			if code := exitCode(err); code != tc.code {
				t.Fatalf("exit %d (%v), want %d", code, err, tc.code)
			}
			if tc.code != 0 {
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want it to contain %q", err, tc.want)
				}
				for _, dir := range []string{out, key} {
					if _, err := os.Stat(dir); !os.IsNotExist(err) {
						t.Errorf("a failed render wrote %s", dir)
					}
				}
				return
			}
			name := strings.TrimSuffix(tc.args[len(tc.args)-1], ".yaml")
			page, err := os.ReadFile(filepath.Join(key, name, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(page), tc.want) {
				t.Errorf("the answer key lacks %s", tc.want)
			}
			// The student's page leaves the expectations to CI.
			if page, err = os.ReadFile(filepath.Join(out, name, "index.html")); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(page), `class="mark"`) {
				t.Error("the student's page lists the expectations")
			}
		})
	}
}
