//go:build unix

package cli

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
)

// secret is what a hostile link points at: it must never reach an error, a
// page or a file of the site.
const secret = "PARTLAB_TEST_TOKEN=made-up-secret-4711"

// imageYAML is a scenario with one local image.
const imageYAML = "title: Pictures\ncells:\n  - md: |\n      ![x](img/x.png)\n"

// readInput is one input partlab reads through package readfile: where its
// file goes in a project, the command that reads it, and its bound.
type readInput struct {
	name   string
	file   string // relative to the project; the hostile thing goes here
	limit  int64
	folder bool // the input has a folder its links may not leave
	orDir  bool // the command takes a folder in its place (diff)
	exit   int
	setup  func(t *testing.T, dir string) // the good files around it
	args   func(dir string) []string
}

// readInputs are every input that goes through the reader.
func readInputs() []readInput {
	cdn := "--cdn=https://cdn.example/echarts.min.js"
	in := func(dir string, name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	good := func(t *testing.T, dir string) { write(t, in(dir, "scenarios/good.yaml"), smallYAML) }
	render := func(files ...string) func(dir string) []string {
		return func(dir string) []string {
			args := []string{"render", "-o", in(dir, "out"), cdn}
			for _, f := range files {
				args = append(args, in(dir, f))
			}
			return args
		}
	}
	withSite := func(dir string) []string {
		return []string{"render", "--site", in(dir, "site.yaml"), "-o", in(dir, "out"), cdn, in(dir, "scenarios/good.yaml")}
	}
	results := func(t *testing.T, name string) {
		var out bytes.Buffer
		if err := Run(context.Background(), []string{"results", "--format", "json", in(filepath.Dir(name), "good.yaml")}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		write(t, name, out.String())
	}
	return []readInput{
		{name: "scenario file", file: "scenarios/s.yaml", limit: 1 << 20, folder: true, exit: 1,
			args: render("scenarios/s.yaml")},
		{name: "--params file", file: "params.yaml", limit: 1 << 20, folder: true, exit: 1, setup: good,
			args: func(dir string) []string {
				return []string{"validate", "--params", in(dir, "params.yaml"), in(dir, "scenarios/good.yaml")}
			}},
		{name: "site.yaml", file: "site.yaml", limit: 1 << 20, folder: true, exit: 1, setup: good, args: withSite},
		{name: "favicon", file: "icon.png", limit: scenarios.MaxFavicon, folder: true, exit: 1,
			setup: func(t *testing.T, dir string) { good(t, dir); write(t, in(dir, "site.yaml"), "favicon: icon.png\n") },
			args:  withSite},
		{name: "Markdown image", file: "scenarios/img/x.png", limit: 4 << 20, folder: true, exit: 1,
			setup: func(t *testing.T, dir string) { write(t, in(dir, "scenarios/pictures.yaml"), imageYAML) },
			args:  render("scenarios/pictures.yaml")},
		{name: "the output's manifest", file: "out/partlab-manifest.json", limit: 64 << 20, folder: true, exit: 1, setup: good,
			args: render("scenarios/good.yaml")},
		{name: "a page of the output's site", file: "out/old/index.html", limit: 256 << 20, folder: true, exit: 1,
			setup: func(t *testing.T, dir string) {
				good(t, dir)
				write(t, in(dir, "scenarios/old.yaml"), smallYAML)
				if err := Run(context.Background(), render("scenarios/old.yaml")(dir), &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
					t.Fatal(err)
				}
				os.Remove(in(dir, "out/old/index.html"))
			},
			args: render("scenarios/good.yaml")},
		{name: "diff's results.json", file: "new.json", limit: 256 << 20, folder: true, orDir: true, exit: 2,
			setup: func(t *testing.T, dir string) { good(t, dir); results(t, in(dir, "scenarios/old.json")) },
			args:  func(dir string) []string { return []string{"diff", in(dir, "scenarios/old.json"), in(dir, "new.json")} }},
		{name: "diff's folder's */results.json", file: "b/p/results.json", limit: 256 << 20, folder: true, exit: 2,
			setup: func(t *testing.T, dir string) {
				good(t, dir)
				results(t, in(dir, "scenarios/p.json"))
				write(t, in(dir, "a/p/results.json"), read(t, in(dir, "scenarios/p.json")))
			},
			args: func(dir string) []string { return []string{"diff", in(dir, "a"), in(dir, "b")} }},
		{name: "--echarts file", file: "echarts.min.js", limit: reportsite.MaxECharts, exit: 1, setup: good,
			args: func(dir string) []string {
				return []string{"render", "-o", in(dir, "out"), "--echarts", in(dir, "echarts.min.js"), in(dir, "scenarios/good.yaml")}
			}},
	}
}

// hostileFiles are what a contributor can commit in an input's place.
var hostileFiles = []struct {
	name string
	make func(t *testing.T, name string, limit int64)
	want string // a regexp of the error, after the file's name
}{
	{"a link out of its folder", func(t *testing.T, name string, _ int64) {
		outside := filepath.Join(t.TempDir(), "environ")
		write(t, outside, secret)
		symlink(t, outside, name)
	}, "is a symbolic link out of "},
	{"/dev/zero", func(t *testing.T, name string, _ int64) { symlink(t, "/dev/zero", name) },
		"is (a symbolic link out of |a device, not a regular file)"},
	{"a FIFO", func(t *testing.T, name string, _ int64) {
		makeDir(t, filepath.Dir(name))
		if err := syscall.Mkfifo(name, 0o644); err != nil {
			t.Fatal(err)
		}
	}, `is a named pipe \(FIFO\), not a regular file`},
	{"a folder", func(t *testing.T, name string, _ int64) { makeDir(t, name) }, "is a folder, not a regular file"},
	{"over its limit", func(t *testing.T, name string, limit int64) {
		write(t, name, "\x89PNG\r\n\x1a\n")
		if err := os.Truncate(name, limit+1); err != nil { // sparse
			t.Fatal(err)
		}
	}, "is larger than its limit of "},
}

// TestHostileInputs puts each hostile file in the place of each input that
// goes through the reader: each is an error that names the file and says
// why, with the command's exit status for a bad input, and nothing is
// written. A hang fails the test instead of stopping it.
func TestHostileInputs(t *testing.T) {
	for _, input := range readInputs() {
		for _, h := range hostileFiles {
			if !input.folder && h.name == "a link out of its folder" || input.orDir && h.name == "a folder" {
				continue // a file a flag names may be a link anywhere; diff compares folders too
			}
			t.Run(input.name+"/"+h.name, func(t *testing.T) {
				dir := t.TempDir()
				if input.setup != nil {
					input.setup(t, dir)
				}
				file := filepath.Join(dir, filepath.FromSlash(input.file))
				h.make(t, file, input.limit)
				before := entries(t, dir)
				var stdout, stderr bytes.Buffer
				done := make(chan error, 1)
				go func() { done <- Run(context.Background(), input.args(dir), &stdout, &stderr) }()
				var err error
				select {
				case err = <-done:
				case <-time.After(time.Minute):
					t.Fatal("partlab did not return: a read blocks")
				}
				if got := exitCode(err); got != input.exit {
					t.Errorf("exit %d, want %d: %v", got, input.exit, err)
				}
				if err == nil || !regexp.MustCompile(regexp.QuoteMeta(file)+" "+h.want).MatchString(err.Error()) {
					t.Errorf("error %v\nwant %s %s", err, file, h.want)
				}
				if got := entries(t, dir); !slices.Equal(got, before) {
					t.Errorf("wrote files:\n%v\nbefore:\n%v", got, before)
				}
				for _, out := range []string{stdout.String(), stderr.String(), errText(err)} {
					if strings.Contains(out, "made-up-secret") {
						t.Errorf("the secret is in the output: %s", out)
					}
				}
			})
		}
	}
}

// TestFaviconSecretNeverPublished is the favicon: a committed link
// to a file of secrets, named by site.yaml. validate and render refuse it,
// and nothing of it reaches out/.
func TestFaviconSecretNeverPublished(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "environ")
	write(t, outside, "\x00\x00\x01\x00"+secret) // even with an icon's first bytes
	write(t, filepath.Join(dir, "scenarios", "good.yaml"), smallYAML)
	write(t, filepath.Join(dir, "site.yaml"), "title: Course\nfavicon: icon.ico\n")
	symlink(t, outside, filepath.Join(dir, "icon.ico"))
	for _, args := range [][]string{
		{"validate", "--site", filepath.Join(dir, "site.yaml"), filepath.Join(dir, "scenarios", "good.yaml")},
		{"render", "--site", filepath.Join(dir, "site.yaml"), "-o", filepath.Join(dir, "out"), "--cdn", "https://cdn.example/e.js", filepath.Join(dir, "scenarios", "good.yaml")},
	} {
		err := Run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{})
		want := filepath.Join(dir, "site.yaml") + ":2:10: favicon: " + filepath.Join(dir, "icon.ico") + " is a symbolic link out of " + dir
		if exitCode(err) != 1 || err == nil || err.Error() != want {
			t.Errorf("%s: %v (exit %d)\nwant %s", args[0], err, exitCode(err), want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("out/ was written: %v", err)
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.Contains(read(t, p), "made-up-secret") {
			t.Errorf("%s holds the secret", p)
		}
		return nil
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func write(t *testing.T, name, content string) {
	t.Helper()
	makeDir(t, filepath.Dir(name))
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func symlink(t *testing.T, to, name string) {
	t.Helper()
	makeDir(t, filepath.Dir(name))
	if err := os.Symlink(to, name); err != nil {
		t.Fatal(err)
	}
}

func makeDir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}
