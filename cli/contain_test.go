package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestContainment runs every command that decides "inside this folder" or
// "outside that folder" (the reader, --key and --teacher against -o, -o
// against the working folder, init's DIR, grade's --feedback) over the
// cases that tell a resolved check from a textual one: links, dot-dot, a
// folder not made yet, equal paths, a sibling with a shared prefix. Each is
// refused or allowed by internal/contain; an allowed one gets past the
// check and writes where it should.
func TestContainment(t *testing.T) {
	day24, err := os.ReadFile(day24YAML)
	if err != nil {
		t.Fatal(err)
	}
	render := []string{"render", "--cdn", "https://x/e.js"}
	roster := []string{"render", "--roster", "roster.csv", "--secret-file", "secret.txt"}
	grade := []string{"grade", "--roster", "roster.csv", "--secret-file", "secret.txt"}
	tests := []struct {
		name  string
		dirs  []string
		files map[string]string
		links map[string]string // name → where it points
		args  []string
		code  int    // the exit status: 0 allowed, else refused
		want  string // in the error
		wrote string // allowed: a file past the check
	}{
		{name: "--key a link into -o", dirs: []string{"out"}, links: map[string]string{"keylink": "out/keys"},
			args: cat(render, "-o", "out", "--key", "keylink", lessonYAML), code: 2, want: "overlap: the answer key is a site of its own"},
		{name: "--key a link to -o", dirs: []string{"out"}, links: map[string]string{"keylink": "out"},
			args: cat(render, "-o", "out", "--key", "keylink", lessonYAML), code: 2, want: "overlap"},
		{name: "--key equal to -o", args: cat(render, "-o", "out", "--key", "./out/", lessonYAML), code: 2, want: "overlap"},
		{name: "--key into -o by dot-dot", args: cat(render, "-o", "out", "--key", "key/../out/keys", lessonYAML), code: 2, want: "overlap"},
		{name: "-o a link into --key", dirs: []string{"key"}, links: map[string]string{"outlink": "key/site"},
			args: cat(render, "-o", "outlink", "--key", "key", lessonYAML), code: 2, want: "overlap"},
		{name: "--key a sibling with a shared prefix", args: cat(render, "-o", "out", "--key", "out2", lessonYAML),
			wrote: "out2/messaging-systems/index.html"},
		{name: "--key out of -o by dot-dot", args: cat(render, "-o", "out", "--key", "out/../key", lessonYAML),
			wrote: "key/messaging-systems/index.html"},
		{name: "--teacher a link into -o", dirs: []string{"site"}, links: map[string]string{"t": "site/keys"},
			args: cat(roster, "--teacher", "t", "-o", "site", variantsYAML), code: 2, want: "inside the site"},
		{name: "--teacher holding -o", args: cat(roster, "--teacher", "t", "-o", "t/site", variantsYAML), code: 2, want: "inside the site"},
		{name: "--teacher equal to -o", args: cat(roster, "--teacher", "site", "-o", "site/.", variantsYAML), code: 2, want: "inside the site"},
		{name: "--teacher not made yet, a sibling with a shared prefix", args: cat(roster, "--teacher", "site2", "-o", "site", variantsYAML),
			wrote: "site2/" + studentsFile},
		{name: "-o the working folder", args: cat(render, "-o", ".", lessonYAML), code: 1, want: "holds the working directory"},
		{name: "-o a link to the working folder", links: map[string]string{"here": "."},
			args: cat(render, "-o", "here", lessonYAML), code: 1, want: "holds the working directory"},
		{name: "--feedback inside a site", files: map[string]string{"site/partlab-manifest.json": "{}"},
			args: cat(grade, "--feedback", "site/feedback", variantsYAML, "answers.json"), code: 2, want: "is inside the site"},
		{name: "--feedback a link into a site", files: map[string]string{"site/partlab-manifest.json": "{}"}, links: map[string]string{"fb": "site/feedback"},
			args: cat(grade, "--feedback", "fb", variantsYAML, "answers.json"), code: 2, want: "is inside the site"},
		{name: "--feedback a sibling of a site with a shared prefix", files: map[string]string{"site/partlab-manifest.json": "{}", "answers.json": "{}"},
			args: cat(grade, "--feedback", "site2", variantsYAML, "answers.json"), code: 1, want: "answers.json", wrote: "site2"},
		{name: "init DIR a link", dirs: []string{"course"}, links: map[string]string{"link": "course"},
			args: []string{"init", "link"}, wrote: "course/site.yaml"},
		{name: "init a link in DIR that stays inside", dirs: []string{"course/gh"}, links: map[string]string{"course/.github": "gh"},
			args: []string{"init", "course"}, wrote: "course/gh/workflows/publish.yml"},
		{name: "init a link in DIR that leads out", dirs: []string{"course", "elsewhere"}, links: map[string]string{"course/.github": "../elsewhere"},
			args: []string{"init", "course"}, code: 1, want: "is a symbolic link: init writes only inside course"},
		{name: "a scenario linked inside its folder", files: map[string]string{"day-24.yaml": string(day24)}, links: map[string]string{"in.yaml": "day-24.yaml"},
			args: []string{"validate", "in.yaml"}},
		{name: "a scenario linked out of its folder", dirs: []string{"scenarios"}, links: map[string]string{"scenarios/out.yaml": day24YAML},
			args: []string{"validate", "scenarios/out.yaml"}, code: 1, want: "is a symbolic link out of scenarios"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := class(t, 1, secretA)
			for _, d := range tt.dirs {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for name, content := range tt.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, to := range tt.links {
				symlink(t, to, filepath.Join(dir, filepath.FromSlash(name)))
			}
			_, stderr, err := partlab(t, tt.args...)
			switch {
			case tt.code == 0 && err != nil:
				t.Fatalf("refused: %v\n%s", err, stderr)
			case tt.code != 0 && (exitCode(err) != tt.code || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("err = %v (exit %d), want exit %d and %q", err, exitCode(err), tt.code, tt.want)
			}
			if tt.wrote != "" {
				if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(tt.wrote))); err != nil {
					t.Errorf("allowed, but did not write %s: %v", tt.wrote, err)
				}
			}
		})
	}
}

// cat is the command line of words and then more.
func cat(words []string, more ...string) []string {
	return append(append([]string(nil), words...), more...)
}
