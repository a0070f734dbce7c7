package site

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/report/markdown"
)

// imageScenario writes a scenario whose one md cell is md into a new
// folder, with a PNG at img/diagram.png, and returns its notebook and the
// PNG's bytes.
func imageScenario(t *testing.T, md string) (Notebook, []byte) {
	t.Helper()
	dir := t.TempDir()
	png := append([]byte(pngSignature), rand.Text()...) // not text: the copy must be byte for byte
	png = append(png, 0, 0xff, '\r', '\n')
	if err := os.MkdirAll(filepath.Join(dir, "img"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "img", "diagram.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
	src := "title: Pictures\ncells:\n  - md: |\n      # Pictures\n\n" + indent(md, "      ")
	return computed(reporttest.ComputeFile(t, filepath.Join(dir, "pictures.yaml"), src)), png
}

// pngSignature is how a PNG file starts.
const pngSignature = "\x89PNG\r\n\x1a\n"

func indent(s, by string) string {
	return by + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+by) + "\n"
}

// TestImageCopied checks that a Markdown image is published beside its
// page at its own path, byte for byte, and inlined on a self-contained page;
// a remote image is left as written and nothing is fetched.
func TestImageCopied(t *testing.T) {
	nb, png := imageScenario(t, "See ![the diagram](img/diagram.png) and ![again](./img/diagram.png).\n\n![remote](https://example.org/a.png)\n")
	files, err := Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts}.Render()
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := files["pictures/img/diagram.png"]; !ok || !bytes.Equal(got, png) {
		t.Errorf("pictures/img/diagram.png = %q, %v; want the image's %d bytes", got, ok, len(png))
	}
	for name := range files {
		if strings.Contains(name, "example.org") || name == "pictures/diagram.png" {
			t.Errorf("the site has %s", name)
		}
	}
	html := string(files["pictures/index.html"])
	for _, want := range []string{`<img src="img/diagram.png" alt="the diagram">`, `<img src="./img/diagram.png" alt="again">`, `<img src="https://example.org/a.png" alt="remote">`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page has no %s", want)
		}
	}

	files, err = Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts, SelfContained: true}.Render()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files["pictures/img/diagram.png"]; ok {
		t.Error("a self-contained site copied the image")
	}
	if want := `<img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(png) + `"`; !strings.Contains(string(files["pictures/index.html"]), want) {
		t.Error("the self-contained page does not inline the image")
	}
}

// TestImageErrors checks that an image partlab cannot publish is an error
// at its place in the scenario file, from render and from validate (Check),
// and that nothing renders.
func TestImageErrors(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(outside, []byte("\x89PNG"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := func(size int64) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if err := os.Truncate(createPNG(t, filepath.Join(dir, "img", "big.png")), size); err != nil { // sparse
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name  string
		md    string
		setup func(t *testing.T, dir string)
		want  string // the error, after the folder
	}{
		// The md text starts at line 4, column 7, with a heading; the image
		// is on its fifth line.
		{"parent", "Text.\n\n![up](../secret.png)\n", nil,
			`pictures.yaml:8:13: cells[0].md: image "../secret.png": '..' leaves the scenario's folder`},
		{"missing", "Text.\n\nSee ![gone](img/missing.png)\n", nil,
			`pictures.yaml:8:19: cells[0].md: image "img/missing.png": ` + "%DIR%" + `/img/missing.png does not exist`},
		{"absolute", "![abs](/etc/x.png)\n", nil,
			`pictures.yaml:8:14: cells[0].md: image "/etc/x.png": an absolute path`},
		{"not an image", "![page](img/notes.html)\n", nil,
			`pictures.yaml:8:15: cells[0].md: image "img/notes.html": not an image`},
		{"link out", "![out](img/out.png)\n", func(t *testing.T, dir string) {
			if err := os.Symlink(outside, filepath.Join(dir, "img", "out.png")); err != nil {
				t.Fatal(err)
			}
		}, `pictures.yaml:8:14: cells[0].md: image "img/out.png": ` + "%DIR%" + `/img/out.png is a symbolic link out of ` + "%DIR%" + `: images come from the scenario's folder and below`},
		{"too large", "![big](img/big.png)\n", big(markdown.MaxImage + 1),
			`pictures.yaml:8:14: cells[0].md: image "img/big.png": ` + "%DIR%" + `/img/big.png is larger than its limit of 4 MiB`},
		{"text named .png", "![text](img/text.png)\n", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "img", "text.png"), []byte("just text"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, `pictures.yaml:8:15: cells[0].md: image "img/text.png": ` + "%DIR%" + `/img/text.png is not a .png image`},
		{"an SVG with script", "![evil](img/evil.svg)\n", func(t *testing.T, dir string) {
			svg := `<svg xmlns="http://www.w3.org/2000/svg">` + "\n" + `<script>fetch("/results.json")</script></svg>`
			if err := os.WriteFile(filepath.Join(dir, "img", "evil.svg"), []byte(svg), 0o644); err != nil {
				t.Fatal(err)
			}
		}, `pictures.yaml:8:15: cells[0].md: image "img/evil.svg": ` + "%DIR%" + `/img/evil.svg line 2: a <script> element`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A paragraph before the image puts it on the md's fifth line.
			md := tt.md
			if !strings.HasPrefix(md, "Text.") {
				md = "Text.\n\n" + md
			}
			nb, _ := imageScenario(t, md)
			dir := filepath.Dir(nb.Scenario.File)
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			want := dir + string(filepath.Separator) + strings.ReplaceAll(tt.want, "%DIR%", dir)
			_, err := Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts}.Render()
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("render: %v\nwant %s…", err, want)
			}
			if err := report.Check(t.Context(), nb); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("check: %v\nwant %s…", err, want)
			}
		})
	}
}

// TestImagesBounded checks the bound on a scenario's images together.
func TestImagesBounded(t *testing.T) {
	var md strings.Builder
	for i := range markdown.MaxImages/markdown.MaxImage + 1 {
		md.WriteString("![a](img/" + string(rune('a'+i)) + ".png)\n")
	}
	nb, _ := imageScenario(t, md.String())
	dir := filepath.Dir(nb.Scenario.File)
	for i := range markdown.MaxImages/markdown.MaxImage + 1 {
		if err := os.Truncate(createPNG(t, filepath.Join(dir, "img", string(rune('a'+i))+".png")), markdown.MaxImage); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts}.Render()
	if err == nil || !strings.Contains(err.Error(), "over 16 MiB together") {
		t.Errorf("render: %v, want the images over 16 MiB together", err)
	}
}

// createPNG writes a file that starts as a PNG does, to be grown sparse.
func createPNG(t *testing.T, name string) string {
	t.Helper()
	if err := os.WriteFile(name, []byte(pngSignature), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestInlinedImagesBounded: a self-contained page holds a copy of an image
// per mention, so one 4 MB image mentioned 40 times is over the bound,
// where the same page with the image beside it is not.
func TestInlinedImagesBounded(t *testing.T) {
	nb, _ := imageScenario(t, strings.Repeat("![again](img/big.png)\n", 40))
	if err := os.Truncate(createPNG(t, filepath.Join(filepath.Dir(nb.Scenario.File), "img", "big.png")), 4_000_000); err != nil {
		t.Fatal(err)
	}
	if _, err := (Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts}).Render(); err != nil {
		t.Fatalf("beside the page: %v", err)
	}
	files, err := Site{Notebooks: []Notebook{nb}, ECharts: fakeECharts, SelfContained: true}.Render()
	if err == nil || !strings.Contains(err.Error(), "over 16 MiB together (a self-contained page counts every inlined copy)") {
		t.Errorf("self-contained: %d files, %v; want the inlined copies over 16 MiB together", len(files), err)
	}
}
