package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module's root, found by walking up to go.mod: the shipped
// scenarios, package.json and node_modules are there, and ../shared beside it.
// It is "" for the test binary run as partlab elsewhere (see TestMain).
var root = func() string {
	dir, _ := os.Getwd()
	for dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		if filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	return ""
}()

// The shipped scenarios.
var (
	lessonYAML = filepath.Join(root, "scenarios", "messaging-systems.yaml")
	day24YAML  = filepath.Join(root, "scenarios", "day-24-partitions.yaml")
)

// scratch writes files into a new directory: path → content.
func scratch(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRenderDefault runs partlab with no arguments in a project of its own:
// it renders every scenarios/*.yaml into out/, with the ECharts build it
// embeds: the project has no node_modules.
func TestRenderDefault(t *testing.T) {
	lesson, err := os.ReadFile(lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	dir := scratch(t, map[string]string{
		"scenarios/messaging-systems.yaml": string(lesson),
		"scenarios/small.yaml":             "title: Small\ncells:\n  - grid: {keys: [subscriber], partitions: [2]}\n",
	})
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if err := Run(context.Background(), nil, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "assets/echarts.min.js", "messaging-systems/index.html", "messaging-systems/results.json",
		"messaging-systems/results.csv", "small/index.html", "small/results.json", "small/results.csv", "small/figures.csv"} {
		if _, err := os.Stat(filepath.Join("out", f)); err != nil {
			t.Error(err)
		}
	}
	if got := strings.Count(stderr.String(), "wrote "); got != 3 {
		t.Errorf("stderr has %d progress lines, want one per page:\n%s", got, stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout: %q, want nothing", stdout.String())
	}
}

// TestRender covers the render command's outcomes: what it writes, and the
// exit code and message of each mistake, which write nothing.
func TestRender(t *testing.T) {
	dir := scratch(t, map[string]string{
		"bad.yaml":      "title: Bad\ncells:\n  - grid: {keys: [subscriber], partitions: [0]}\n",
		"template.yaml": "title: T\ncells:\n  - md: |\n      Rows: {{ gird \"keys\" }}\n",
	})
	file := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name string
		args []string
		code int    // 0: success
		want string // in the error, or in the page on success
	}{
		{"cdn", []string{"render", "-o", "OUT", "--cdn", "https://cdn.example/echarts@5.6.0/echarts.min.js", lessonYAML},
			0, `<script type="text/plain" id="echarts-source" data-src="https://cdn.example/echarts@5.6.0/echarts.min.js"></script>`},
		{"bad scenario", []string{"render", "-o", "OUT", "--cdn", "https://x/e.js", lessonYAML, file("bad.yaml")},
			1, file("bad.yaml") + ":3:45: cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)"},
		{"bad template", []string{"render", "-o", "OUT", "--cdn", "https://x/e.js", file("template.yaml")},
			1, file("template.yaml") + `:4:7: cells[0].md: template: function "gird" not defined`},
		{"no file and no scenarios/ here", []string{"render", "-o", "OUT"}, 1, "no scenarios/*.yaml here: run partlab in the project's root, or name the scenario files"},
		{"two ways to load ECharts", []string{"render", "-o", "OUT", "--self-contained", "--cdn", "https://x/e.js", lessonYAML},
			2, "--self-contained and --cdn exclude each other"},
		{"a key inside the site", []string{"render", "-o", "OUT", "--key", "OUT/key", "--cdn", "https://x/e.js", lessonYAML},
			2, "overlap: the answer key is a site of its own"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string(nil), tt.args...)
			for i, a := range args {
				args[i] = strings.Replace(a, "OUT", out, 1)
			}
			var stdout, stderr bytes.Buffer
			err := Run(context.Background(), args, &stdout, &stderr)
			if tt.code == 0 {
				if err != nil {
					t.Fatal(err)
				}
				page, err := os.ReadFile(filepath.Join(out, "messaging-systems", "index.html"))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(page), tt.want) {
					t.Errorf("the page lacks %s", tt.want)
				}
				return
			}
			if err == nil || exitCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v (exit %d), want exit %d and %q", err, exitCode(err), tt.code, tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a failed render wrote %s", out)
			}
		})
	}
}

// TestRenderKey renders the Day 24 lab with --key: the site holds the
// student's edition, which names no expectation, and the key's folder,
// apart from it, the teacher's, which lists them; neither holds the other.
func TestRenderKey(t *testing.T) {
	tmp := t.TempDir()
	out, key := filepath.Join(tmp, "out"), filepath.Join(tmp, "key")
	var stderr bytes.Buffer
	if err := Run(context.Background(), []string{"render", "-o", out, "--key", key, "--cdn", "https://x/e.js", day24YAML}, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	read := func(dir string) string {
		b, err := os.ReadFile(filepath.Join(dir, "day-24-partitions", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	student, teacher := read(out), read(key)
	for _, c := range []struct {
		page, edition string
		has, not      []string
	}{
		{student, "student", []string{`data-edition="student"`, "Show the answer"}, []string{`id="expectations"`, `<ul class="expect">`, "✓ holds", "partlab check", "answer key"}},
		{teacher, "teacher", []string{`data-edition="teacher"`, `id="expectations"`, "<code>ceiling.idle@16</code> is 8", "The teacher's answer key"}, []string{"Show the answer", "<input class=\"prediction\""}},
	} {
		for _, s := range c.has {
			if !strings.Contains(c.page, s) {
				t.Errorf("the %s's page lacks %s", c.edition, s)
			}
		}
		for _, s := range c.not {
			if strings.Contains(c.page, s) {
				t.Errorf("the %s's page has %s", c.edition, s)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(out, "key")); !os.IsNotExist(err) {
		t.Errorf("the site holds a key folder: %v", err)
	}
}

// TestValidateTemplates checks that validate reports a Markdown template's
// mistake at its place in the file.
func TestValidateTemplates(t *testing.T) {
	dir := scratch(t, map[string]string{"t.yaml": "title: T\nsummary: '{{ .Nope'\ncells:\n  - md: x\n"})
	err := Run(context.Background(), []string{"validate", filepath.Join(dir, "t.yaml")}, &bytes.Buffer{}, &bytes.Buffer{})
	want := filepath.Join(dir, "t.yaml") + ":2:11: summary: template: unclosed action"
	if err == nil || !strings.Contains(err.Error(), want) || exitCode(err) != 1 {
		t.Errorf("err = %v, want %s", err, want)
	}
}
