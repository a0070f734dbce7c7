package load

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// pngBytes starts as a PNG does.
const pngBytes = "\x89PNG\r\n\x1a\n"

// TestSiteFavicon reads the favicon beside the file, refuses one over
// its bound at the field, and names a missing one there.
func TestSiteFavicon(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site.yaml")
	os.WriteFile(site, []byte("title: T\nfavicon: icons/i.PNG\n"), 0o644)
	if _, err := Site(site); err == nil || !strings.HasPrefix(err.Error(), site+":2:10: favicon: ") || !strings.HasSuffix(err.Error(), "i.PNG does not exist") {
		t.Errorf("a missing icon gives %v", err)
	}
	os.Mkdir(filepath.Join(dir, "icons"), 0o755)
	os.WriteFile(filepath.Join(dir, "icons", "i.PNG"), []byte(pngBytes), 0o644)
	s, err := Site(site)
	if err != nil || s.Favicon.Name != "favicon.png" || string(s.Favicon.Data) != pngBytes {
		t.Errorf("got %+v, %v; want favicon.png holding a PNG", s, err)
	}
	os.WriteFile(filepath.Join(dir, "icons", "i.PNG"), bytes.Repeat([]byte("x"), scenarios.MaxFavicon+1), 0o644)
	if _, err := Site(site); err == nil || !strings.Contains(err.Error(), ":2:10: favicon: ") || !strings.Contains(err.Error(), "is larger than its limit of 64 KiB") {
		t.Errorf("an icon over the bound gives %v", err)
	}
}

// TestSiteHostileFavicon: a favicon is a regular file of the site
// file's folder holding the image its name says, whatever a contributor
// commits in its place.
func TestSiteHostileFavicon(t *testing.T) {
	tests := []struct {
		name    string
		favicon string
		setup   func(t *testing.T, dir, icon string)
		want    string
	}{
		{"a link to a secret out of the folder", "icon.ico", func(t *testing.T, dir, icon string) {
			secret := filepath.Join(t.TempDir(), "environ")
			os.WriteFile(secret, []byte("\x00\x00\x01\x00AWS_SECRET=made-up-secret"), 0o644)
			os.Symlink(secret, icon)
		}, "icon.ico is a symbolic link out of " + "%DIR%"},
		{"a link to /proc/self/environ", "icon.ico", func(t *testing.T, dir, icon string) {
			os.Symlink("/proc/self/environ", icon)
		}, "icon.ico is a symbolic link out of"},
		{"text named .png", "icon.png", func(t *testing.T, dir, icon string) {
			os.WriteFile(icon, []byte("not an image at all"), 0o644)
		}, "icon.png is not a .png image"},
		{"an SVG with script", "icon.svg", func(t *testing.T, dir, icon string) {
			os.WriteFile(icon, []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>`), 0o644)
		}, "icon.svg line 1: a <script> element"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			site := filepath.Join(dir, "site.yaml")
			os.WriteFile(site, []byte("title: T\nfavicon: "+tt.favicon+"\n"), 0o644)
			tt.setup(t, dir, filepath.Join(dir, tt.favicon))
			s, err := Site(site)
			want := strings.ReplaceAll(tt.want, "%DIR%", dir)
			if err == nil || !strings.Contains(err.Error(), site+":2:10: favicon: ") || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %+v, %v; want an error with %q", s, err, want)
			}
		})
	}
}

// TestScenarioImages: a scenario read from a file reads its images from the
// file's folder and refuses a link out of it; one parsed from text reads
// none.
func TestScenarioImages(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "s.yaml")
	os.WriteFile(name, []byte("title: T\ncells:\n  - md: hi\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.png"), []byte(pngBytes), 0o644)
	outside := filepath.Join(t.TempDir(), "b.png")
	os.WriteFile(outside, []byte(pngBytes), 0o644)
	os.Symlink(outside, filepath.Join(dir, "b.png"))
	s, err := Scenario(name)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := s.Folder.ReadFile("a.png", 64); err != nil || string(data) != pngBytes {
		t.Errorf("a.png: %q, %v; want the PNG beside the file", data, err)
	}
	if _, err := s.Folder.ReadFile("b.png", 64); err == nil || !strings.HasSuffix(err.Error(), "images come from the scenario's folder and below") {
		t.Errorf("b.png, a link out of the folder, gives %v", err)
	}
	parsed, err := scenarios.Parse(bytes.NewReader([]byte("title: T\ncells:\n  - md: hi\n")), "t.yaml")
	if err != nil || parsed.Folder != nil {
		t.Errorf("a scenario given as text has folder %v (%v); want none", parsed.Folder, err)
	}
}

// TestParams reads a --params file's overrides at their lines.
func TestParams(t *testing.T) {
	name := filepath.Join(t.TempDir(), "params.yaml")
	os.WriteFile(name, []byte("source.seed: 7\n"), 0o644)
	ovs, err := Params(name)
	if err != nil || len(ovs) != 1 || ovs[0].From != name+":1:1" {
		t.Errorf("got %+v, %v; want source.seed from %s:1:1", ovs, err, name)
	}
	if _, err := Params(filepath.Join(filepath.Dir(name), "missing.yaml")); err == nil || !strings.HasSuffix(err.Error(), "does not exist") {
		t.Errorf("a missing file gives %v", err)
	}
}
