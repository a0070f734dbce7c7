package golden

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
	logs   []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func TestCheck(t *testing.T) {
	const old, now = "line 1\nline 2\n", "line 1\nline two\n"
	for _, tc := range []struct {
		name     string
		file     string // under a module root made for the test
		have     string // the file's content; "" for no file
		got      string
		update   bool
		wantFail bool
		wantFile string // the file's content afterwards
	}{
		{"equal", "testdata/out.txt", old, old, false, false, old},
		{"differs", "testdata/out.txt", old, now, false, true, old},
		{"missing", "testdata/out.txt", "", now, false, true, ""},
		{"equal under update", "testdata/out.txt", old, old, true, false, old},
		{"rewritten under update", "testdata/out.txt", old, now, true, false, now},
		{"created under update", "testdata/out.txt", "", now, true, false, now},
		{"fact equal", "cli/testdata/lesson.txt", old, old, false, false, old},
		{"fact differs", "cli/testdata/lesson.txt", old, now, false, true, old},
		{"fact refused under update", "cli/testdata/lesson.txt", old, now, true, true, old},
		{"fact in report refused", "report/testdata/lesson-tables.txt", old, now, true, true, old},
		{"fact missing under update", "cli/testdata/lesson.txt", "", now, true, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(root, tc.file)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if tc.have != "" {
				if err := os.WriteFile(path, []byte(tc.have), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := &recorder{TB: t}
			check(r, path, []byte(tc.got), tc.update)
			if r.failed != tc.wantFail {
				t.Errorf("failed = %v, want %v; logs %q", r.failed, tc.wantFail, r.logs)
			}
			b, err := os.ReadFile(path)
			if string(b) != tc.wantFile || (tc.wantFile == "" && !os.IsNotExist(err)) {
				t.Errorf("file afterwards %q (%v), want %q", b, err, tc.wantFile)
			}
			if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) > 1 {
				t.Errorf("left %d files in %s, want 1", len(entries), filepath.Dir(path))
			}
		})
	}
}

// The facts named are the module's real files, so a rename cannot silently
// lift their protection.
func TestFactsExist(t *testing.T) {
	for _, f := range facts {
		path := filepath.Join("..", "..", filepath.FromSlash(f))
		if _, err := os.Stat(path); err != nil {
			t.Error(err)
		}
		if fact, err := isFact(path); !fact || err != nil {
			t.Errorf("isFact(%s) = %v, %v", path, fact, err)
		}
	}
}

func TestDiff(t *testing.T) {
	for _, tc := range []struct{ got, want, diff string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nbc\n", "a\nbd\n", `first difference at line 2, column 2: got "bc", want "bd"`},
		{"a\n", "a\nb\n", `first difference at line 2, column 1: got "", want "b"`},
		{"x", "", `first difference at line 1, column 1: got "x", want ""`},
	} {
		if d := Diff([]byte(tc.got), []byte(tc.want)); d != tc.diff {
			t.Errorf("Diff(%q, %q) = %s, want %s", tc.got, tc.want, d, tc.diff)
		}
	}
}

func TestWithoutAssets(t *testing.T) {
	css := Asset{"style.css", []byte("\nbody { color: red; }\n")}
	js := Asset{"app.js", []byte("\nvar a = 1;\n")}
	for _, tc := range []struct {
		name, page string
		assets     []Asset
		want, err  string
	}{
		{"both", "<style>\nbody { color: red; }\n</style>\n<script>\nvar a = 1;\n</script>\n", []Asset{css, js},
			"<style>/* inlined: style.css */</style>\n<script>/* inlined: app.js */</script>\n", ""},
		{"none", "<p>x</p>\n", nil, "<p>x</p>\n", ""},
		{"missing", "<style></style>\n", []Asset{css}, "", "inlined asset style.css: the page holds it 0 times, want once"},
		{"twice", "<script>\nvar a = 1;\n</script><script>\nvar a = 1;\n</script>", []Asset{js}, "", "inlined asset app.js: the page holds it 2 times, want once"},
		{"empty", "<p>x</p>\n", []Asset{{"none.js", nil}}, "", "inlined asset none.js: empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := WithoutAssets([]byte(tc.page), tc.assets)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tc.err {
				t.Fatalf("error %q, want %q", gotErr, tc.err)
			}
			if string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEveryPackageAcceptsUpdate checks that every package of the module with
// tests imports golden in one of them, so that go test ./... -update reaches
// every test binary instead of failing in one with "flag provided but not
// defined: -update".
func TestEveryPackageAcceptsUpdate(t *testing.T) {
	root := filepath.Join("..", "..")
	module, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	self, want := filepath.Join("internal", "golden"), path.Join(module, "internal", "golden")
	checked := 0
	err = filepath.WalkDir(root, func(dir string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return err
		}
		switch name := e.Name(); {
		case dir != root && (name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")):
			return filepath.SkipDir
		case dir != root && exists(filepath.Join(dir, "go.mod")):
			return filepath.SkipDir // a module of its own
		}
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		rel, _ := filepath.Rel(root, dir)
		if len(tests) == 0 || rel == self {
			return nil
		}
		checked++
		for _, file := range tests {
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == want {
					return nil
				}
			}
		}
		t.Errorf("%s: no test file imports %s, so go test ./... -update fails there (import it, blank where the package has no golden file)", rel, want)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 2 {
		t.Errorf("found %d packages with tests under %s, want the module's", checked, root)
	}
}

// modulePath reads the module's path from its go.mod.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if p, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(p), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", gomod)
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
