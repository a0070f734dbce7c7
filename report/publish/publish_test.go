package publish

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/partlab/partlab/internal/testtool"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// snapshot describes every entry under dir, dir included: its kind,
// permissions and content, a link by its target (never followed).
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			got[rel] = "link -> " + to
			return err
		case fi.IsDir():
			got[rel] = fmt.Sprintf("dir %v", fi.Mode().Perm())
		default:
			b, err := os.ReadFile(p)
			got[rel] = fmt.Sprintf("file %v %s", fi.Mode().Perm(), b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// same reports how two snapshots differ, or "" if they do not.
func same(got, want map[string]string) string {
	var diff []string
	for name, w := range want {
		if g, ok := got[name]; !ok {
			diff = append(diff, "no "+name)
		} else if g != w {
			diff = append(diff, name+" differs")
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			diff = append(diff, "an extra "+name)
		}
	}
	slices.Sort(diff)
	return strings.Join(diff, ", ")
}

// generations are two sites published one over the other: B retitles A's
// page, adds one and brings another ECharts, so a mix of the two shows.
func generations(t *testing.T) (a, b []File) {
	t.Helper()
	return siteFiles("Generation A", "/* echarts A */", "messaging-systems"),
		siteFiles("Generation B", "/* echarts B */", "messaging-systems", "second")
}

// siteFiles is a site of the pages named, titled title, laid out as a
// render lays it out: the pages, then the site's own files.
func siteFiles(title, echarts string, pages ...string) []File {
	var out []File
	for _, p := range pages {
		out = append(out,
			File{p + "/index.html", []byte("<h1>" + title + ": " + p + "</h1>")},
			File{p + "/results.json", []byte(`{"title":"` + title + `"}`)},
			File{p + "/results.csv", []byte("cell,title\n" + p + "," + title + "\n")})
	}
	return append(out,
		File{"assets/echarts.min.js", []byte(echarts)},
		File{"index.html", []byte("<h1>" + title + "</h1>")},
		File{"search.js", []byte("var partlabSearch = [];")},
		File{ManifestFile, []byte(`{"pages":[],"files":[]}`)})
}

// published makes parent/out holding site A and files of an author's that
// partlab keeps: a .gitignore, a private README and screenshots.
func published(t *testing.T, parent string, a []File) string {
	t.Helper()
	out := filepath.Join(parent, "out")
	if err := (Publisher{Progress: io.Discard}).publish(out, a); err != nil {
		t.Fatal(err)
	}
	kept := map[string]os.FileMode{".gitignore": 0o644, "README.md": 0o600}
	for i := range 16 {
		kept[fmt.Sprintf("screenshots/%02d.png", i)] = 0o644
	}
	for name, perm := range kept {
		p := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("kept "+name), perm); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// onlyOut fails unless out is all that parent holds: no temporary tree, no
// old tree, no lock file.
func onlyOut(t *testing.T, parent string) {
	t.Helper()
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"out"}) {
		t.Errorf("beside out: %v, want out alone", names)
	}
}

// references publishes A then B into a folder of their own and returns the
// two sites as they should be seen, and the names of the steps of the
// publish of B over A.
func references(t *testing.T, a, b []File) (siteA, siteB map[string]string, steps []string) {
	t.Helper()
	out := published(t, t.TempDir(), a)
	siteA = snapshot(t, out)
	p := Publisher{Progress: io.Discard, step: func(name string) error {
		steps = append(steps, name)
		return nil
	}}
	if err := p.publish(out, b); err != nil {
		t.Fatal(err)
	}
	return siteA, snapshot(t, out), steps
}

// TestPublish checks a publish of B over A: the files, their permissions,
// the files kept and the progress lines.
func TestPublish(t *testing.T) {
	a, b := generations(t)
	parent := t.TempDir()
	out := published(t, parent, a)
	var progress strings.Builder
	if err := (Publisher{Progress: &progress}).publish(out, b); err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, out)
	for _, f := range b {
		if want := "file -rw-r--r-- " + string(f.Data); got[filepath.FromSlash(f.Path)] != want {
			t.Errorf("%s: %.40q, want B's, 0644", f.Path, got[f.Path])
		}
	}
	for name, want := range map[string]string{
		".":                  "dir -rwxr-xr-x",
		"screenshots":        "dir -rwxr-xr-x",
		"second":             "dir -rwxr-xr-x",
		"README.md":          "file -rw------- kept README.md",
		"screenshots/07.png": "file -rw-r--r-- kept screenshots/07.png",
	} {
		if got[filepath.FromSlash(name)] != want {
			t.Errorf("%s: %q, want %q", name, got[name], want)
		}
	}
	wantLines := fmt.Sprintf("wrote %s\nwrote %s\nwrote %s\n",
		filepath.Join(out, "messaging-systems", "index.html"), filepath.Join(out, "second", "index.html"), filepath.Join(out, "index.html"))
	if progress.String() != wantLines {
		t.Errorf("progress:\n%s\nwant:\n%s", progress.String(), wantLines)
	}
	onlyOut(t, parent)
}

// The child of TestPublishKilled publishes B over the site in the folder
// named by killDir and kills itself with SIGKILL at step killAt.
const (
	killAt  = "PARTLAB_TEST_KILL_AT"
	killDir = "PARTLAB_TEST_KILL_DIR"
)

// TestPublishKilledChild is the child of TestPublishKilled.
func TestPublishKilledChild(t *testing.T) {
	at, err := strconv.Atoi(os.Getenv(killAt))
	if err != nil {
		t.Skip("the child of TestPublishKilled")
	}
	_, b := generations(t)
	n := 0
	p := Publisher{Progress: io.Discard, step: func(string) error {
		if n++; n == at {
			self, err := os.FindProcess(os.Getpid())
			if err == nil {
				err = self.Kill()
			}
			if err != nil {
				return err
			}
			time.Sleep(time.Hour) // the kill lands first; nothing may run on
		}
		return nil
	}}
	if err := p.publish(os.Getenv(killDir), b); err != nil {
		t.Fatal(err)
	}
}

// TestPublishKilled kills a publish of B over A with SIGKILL after each of
// its steps: out/ is then the whole of A until the swap and the whole of B
// from it on, and the next publish removes what the killed one left.
func TestPublishKilled(t *testing.T) {
	testtool.Slow(t, "kills a child process at each step")
	a, b := generations(t)
	siteA, siteB, steps := references(t, a, b)
	if len(steps) < 30 {
		t.Fatalf("only %d steps to kill a publish at", len(steps))
	}
	swapped := slices.Index(steps, "swapped")
	for i, step := range steps {
		parent := t.TempDir()
		out := published(t, parent, a)
		cmd := exec.Command(os.Args[0], "-test.run=^TestPublishKilledChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), killAt+"="+strconv.Itoa(i+1), killDir+"="+out)
		output, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != -1 {
			t.Fatalf("killed after %q: %v, want death by a signal\n%s", step, err, output)
		}
		want, name := siteA, "A"
		if i >= swapped {
			want, name = siteB, "B"
		}
		if diff := same(snapshot(t, out), want); diff != "" {
			t.Errorf("killed after %q: out/ is not the whole of %s: %s", step, name, diff)
		}
		if err := (Publisher{Progress: io.Discard}).publish(out, b); err != nil {
			t.Fatalf("killed after %q, the next publish: %v", step, err)
		}
		if diff := same(snapshot(t, out), siteB); diff != "" {
			t.Errorf("killed after %q, the next publish: out/ is not B: %s", step, diff)
		}
		onlyOut(t, parent)
	}
}

// TestPublishFails makes a publish of B over A fail after each of its
// steps: out/ is the whole of A, or of B once swapped, and nothing is left
// beside it.
func TestPublishFails(t *testing.T) {
	a, b := generations(t)
	siteA, siteB, steps := references(t, a, b)
	swapped := slices.Index(steps, "swapped")
	injected := errors.New("injected")
	for i, step := range steps {
		t.Run(step, func(t *testing.T) {
			parent := t.TempDir()
			out := published(t, parent, a)
			n := 0
			p := Publisher{Progress: io.Discard, step: func(string) error {
				if n++; n == i+1 {
					return injected
				}
				return nil
			}}
			if err := p.publish(out, b); !errors.Is(err, injected) {
				t.Fatalf("err = %v, want the injected failure", err)
			}
			want, name := siteA, "A"
			if i >= swapped {
				want, name = siteB, "B"
			}
			if diff := same(snapshot(t, out), want); diff != "" {
				t.Errorf("out/ is not the whole of %s: %s", name, diff)
			}
			onlyOut(t, parent)
		})
	}
}

// TestPublishConcurrent publishes four sites into one folder at once: the
// folder ends as one of them, whole.
func TestPublishConcurrent(t *testing.T) {
	const n = 4
	sites := make([][]File, n)
	want := make([]map[string]string, n)
	for i := range sites {
		src := fmt.Sprintf("/* echarts of generation %d */", i)
		sites[i] = siteFiles(fmt.Sprintf("Generation %d", i), src, "page")
		out := filepath.Join(t.TempDir(), "out")
		if err := (Publisher{Progress: io.Discard}).publish(out, sites[i]); err != nil {
			t.Fatal(err)
		}
		want[i] = snapshot(t, out)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range sites {
		wg.Go(func() {
			// Yielding at every step lets the publishes interleave.
			p := Publisher{Progress: io.Discard, step: func(string) error { runtime.Gosched(); return nil }}
			errs[i] = p.publish(out, sites[i])
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, out)
	var diffs []string
	for i := range want {
		diff := same(got, want[i])
		if diff == "" {
			onlyOut(t, parent)
			return
		}
		diffs = append(diffs, fmt.Sprintf("generation %d: %s", i, diff))
	}
	t.Errorf("out/ is no one generation whole:\n%s", strings.Join(diffs, "\n"))
}

// waitLine signals the first line a publish writes while it waits.
type waitLine chan string

func (w waitLine) Write(p []byte) (int, error) {
	if strings.HasPrefix(string(p), "waiting") {
		w <- string(p)
	}
	return len(p), nil
}

// TestPublishWaits holds a folder's lock: a publish says it waits, leaves
// out/ alone while it does, and publishes once the lock is released.
func TestPublishWaits(t *testing.T) {
	a, b := generations(t)
	siteA, siteB, _ := references(t, a, b)
	parent := t.TempDir()
	out := published(t, parent, a)
	unlock, err := lock(filepath.Join(parent, ".out.lock"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(waitLine, 1)
	done := make(chan error, 1)
	go func() { done <- Publisher{Progress: waiting}.publish(out, b) }()
	select {
	case line := <-waiting:
		if !strings.Contains(line, filepath.Join(parent, ".out.lock")) {
			t.Errorf("the waiting line %q does not name the lock", line)
		}
	case err := <-done:
		t.Fatalf("the publish did not wait for the lock (err = %v)", err)
	}
	if diff := same(snapshot(t, out), siteA); diff != "" {
		t.Errorf("a waiting publish changed out/: %s", diff)
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if diff := same(snapshot(t, out), siteB); diff != "" {
		t.Errorf("out/ is not B: %s", diff)
	}
	onlyOut(t, parent)
}

// TestPublishLinks publishes B over A where out/ or something in it is a
// symbolic link: a link is never written through; where the site writes
// the publish is refused and out/ left as it was, elsewhere the link is
// kept as a link.
func TestPublishLinks(t *testing.T) {
	a, b := generations(t)
	tests := []struct {
		name    string
		link    string // made in out/, or out itself when ""
		to      string // the link's target, relative to the parent
		wantErr string
	}{
		{"a page folder", "messaging-systems", "elsewhere", "out/messaging-systems is a symbolic link where partlab writes a folder"},
		{"the assets folder", "assets", "elsewhere", "out/assets is a symbolic link where partlab writes a folder"},
		{"a page", "messaging-systems/index.html", "elsewhere/index.html", "out/messaging-systems/index.html is a symbolic link where partlab writes a file"},
		{"a file the site does not write", "notes", "elsewhere/index.html", ""},
		{"a folder the site does not write", "screenshots/more", "elsewhere", ""},
		{"out itself", "", "elsewhere", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			out := published(t, parent, a)
			elsewhere := filepath.Join(parent, "elsewhere")
			if err := os.Mkdir(elsewhere, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(elsewhere, "index.html"), []byte("theirs"), 0o644); err != nil {
				t.Fatal(err)
			}
			link, to := filepath.Join(out, tt.link), filepath.Join(parent, tt.to)
			if tt.link == "" {
				// out/ is the link; its site moves into elsewhere/.
				if err := os.RemoveAll(elsewhere); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(out, elsewhere); err != nil {
					t.Fatal(err)
				}
			} else if err := os.RemoveAll(link); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, link); err != nil {
				t.Fatal(err)
			}
			before, theirs := snapshot(t, out), snapshot(t, elsewhere)

			err := (Publisher{Progress: io.Discard}).publish(out, b)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(filepath.ToSlash(err.Error()), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if diff := same(snapshot(t, out), before); diff != "" {
					t.Errorf("a refused publish changed out/: %s", diff)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("%s is no longer a link (%v)", link, err)
			}
			if tt.link != "" {
				if diff := same(snapshot(t, elsewhere), theirs); diff != "" {
					t.Errorf("the link's target changed: %s", diff)
				}
			} else if got, _ := os.ReadFile(filepath.Join(elsewhere, "second", "index.html")); len(got) == 0 {
				t.Error("out/ is a link, and its target does not hold the new site")
			}
			entries, _ := os.ReadDir(parent)
			if len(entries) != 2 {
				t.Errorf("beside out/ and elsewhere/: %d entries, want none", len(entries)-2)
			}
		})
	}
}

// TestPublishRefuses covers the folders a site cannot be published as: out/
// is left as it was.
func TestPublishRefuses(t *testing.T) {
	a, b := generations(t)
	tests := []struct {
		name    string
		make    func(out string) error
		wantErr string
	}{
		{"a folder where a page goes", func(out string) error {
			if err := os.Remove(filepath.Join(out, "index.html")); err != nil {
				return err
			}
			return os.Mkdir(filepath.Join(out, "index.html"), 0o755)
		}, "out/index.html is not a file, which partlab writes there"},
		{"a file where a folder goes", func(out string) error {
			if err := os.RemoveAll(filepath.Join(out, "assets")); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(out, "assets"), nil, 0o644)
		}, "out/assets is not a folder, which partlab writes there"},
		{"out is a file", func(out string) error {
			if err := os.RemoveAll(out); err != nil {
				return err
			}
			return os.WriteFile(out, []byte("a file"), 0o644)
		}, "out is not a folder"},
		{"out is a dangling link", func(out string) error {
			if err := os.RemoveAll(out); err != nil {
				return err
			}
			return os.Symlink("nowhere", out)
		}, "out is a symbolic link to a folder that cannot be published"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			out := published(t, parent, a)
			if err := tt.make(out); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, parent)
			err := (Publisher{Progress: io.Discard}).publish(out, b)
			if err == nil || !strings.Contains(filepath.ToSlash(err.Error()), tt.wantErr) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if diff := same(snapshot(t, parent), before); diff != "" {
				t.Errorf("a refused publish changed its folder: %s", diff)
			}
		})
	}
}

// TestSwapByRenames takes the two-rename path of a kernel that cannot
// exchange two folders, and a kill between the renames: the next publish
// puts the old site back before it starts.
func TestSwapByRenames(t *testing.T) {
	a, b := generations(t)
	siteA, siteB, _ := references(t, a, b)
	unsupported := func(a, b string) error {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: errors.ErrUnsupported}
	}
	parent := t.TempDir()
	out := published(t, parent, a)
	tmp := filepath.Join(parent, ".out.tmp-1")
	newSite := published(t, t.TempDir(), b)
	if err := os.Rename(newSite, tmp); err != nil {
		t.Fatal(err)
	}
	if err := swap(tmp, out, unsupported); err != nil {
		t.Fatal(err)
	}
	if diff := same(snapshot(t, out), siteB); diff != "" {
		t.Errorf("out/ is not B: %s", diff)
	}
	if diff := same(snapshot(t, tmp), siteA); diff != "" {
		t.Errorf("the old tree is not A: %s", diff)
	}

	// A kill between the two renames leaves no out/ and the old tree aside.
	if err := os.Rename(tmp, filepath.Join(parent, ".out.old-7")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(out, filepath.Join(parent, ".out.tmp-8")); err != nil {
		t.Fatal(err)
	}
	if err := recoverLeftovers(parent, "out"); err != nil {
		t.Fatal(err)
	}
	if diff := same(snapshot(t, out), siteA); diff != "" {
		t.Errorf("the old site was not put back: %s", diff)
	}
	onlyOut(t, parent)
}
