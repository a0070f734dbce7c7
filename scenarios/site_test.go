package scenarios

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

const goodSite = `title: Partitioned Logs
intro: Welcome.
home: {text: Course home, url: ../}
order: [day-24-partitions, messaging-systems]
base_url: https://example.org/course
footer: "*ours*"
`

func TestParseSite(t *testing.T) {
	s, err := ParseSite(strings.NewReader(goodSite), "site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := Site{File: "site.yaml", Title: "Partitioned Logs", Intro: "Welcome.", Home: Home{"Course home", "../"},
		Order: []string{"day-24-partitions", "messaging-systems"}, BaseURL: "https://example.org/course/", Footer: "*ours*"}
	s.orderAt, s.Favicon.At = nil, Pos{}
	if s.Title != want.Title || s.Intro != want.Intro || s.Home != want.Home || !slices.Equal(s.Order, want.Order) || s.BaseURL != want.BaseURL || s.Footer != want.Footer {
		t.Errorf("got %+v, want %+v", *s, want)
	}
	d, err := ParseSite(strings.NewReader("{}\n"), "site.yaml")
	if err != nil || d.Title != DefaultSite().Title || !d.Run {
		t.Errorf("an empty mapping gives %+v, %v; want the default title and run", d, err)
	}
	off, err := ParseSite(strings.NewReader("run: false\n"), "site.yaml")
	if err != nil || off.Run {
		t.Errorf("run: false gives %+v, %v; want no run", off, err)
	}
}

// TestSiteErrors checks that a wrong site file is reported as strictly as a
// scenario, at file:line:col.
func TestSiteErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown field", "titel: x\n", `site.yaml:1:1: titel: unknown field (want one of base_url, favicon, footer, home, intro, order, run, title) (did you mean "title"?)`},
		{"empty title", "title: ' '\n", "site.yaml:1:8: title: must not be empty"},
		{"home without url", "home: {text: h}\n", `site.yaml:1:7: home: missing required field "url"`},
		{"script url", "home: {text: h, url: 'javascript:alert(1)'}\n", `site.yaml:1:22: home.url: must be an http(s) URL or a relative path (got "javascript:alert(1)")`},
		{"relative base", "base_url: course/\n", `site.yaml:1:11: base_url: must be an absolute http(s) URL such as https://example.org/course/ (got "course/")`},
		{"base with a query and a fragment", "title: T\nbase_url: https://example.org/course/?utm=1#top\n", `site.yaml:2:11: base_url: must be an absolute http(s) URL such as https://example.org/course/, without a query (?…) (got "https://example.org/course/?utm=1#top")`},
		{"base with a fragment", "base_url: https://example.org/course/#top\n", `site.yaml:1:11: base_url: must be an absolute http(s) URL such as https://example.org/course/, without a fragment (#…) (got "https://example.org/course/#top")`},
		{"base with an empty query", "base_url: https://example.org/?\n", `site.yaml:1:11: base_url: must be an absolute http(s) URL such as https://example.org/course/, without a query (?…) (got "https://example.org/?")`},
		{"base with credentials", "base_url: https://me:pw@example.org/\n", `site.yaml:1:11: base_url: must be an absolute http(s) URL such as https://example.org/course/, without a user or password (got "https://me:pw@example.org/")`},
		{"base of another scheme", "base_url: ftp://example.org/\n", `site.yaml:1:11: base_url: must be an absolute http(s) URL such as https://example.org/course/ (got "ftp://example.org/")`},
		{"duplicate order", "order: [a, a]\n", `site.yaml:1:12: order[1]: duplicate value "a"`},
		{"favicon outside", "favicon: ../x.png\n", `site.yaml:1:10: favicon: must be a path inside the site file's folder (got "../x.png")`},
		{"favicon type", "favicon: x.exe\n", `site.yaml:1:10: favicon: must be a .ico, .png, .svg file (got "x.exe")`},
		{"empty", "", "site.yaml:1:1: empty site file: want a mapping of site settings such as title"},
		{"not a mapping", "- a\n", "site.yaml:1:1: must be a mapping with fields base_url, favicon, footer, home, intro, order, run, title"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSite(strings.NewReader(tt.src), "site.yaml")
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestCheckOrder checks that an order naming no scenario is an error at
// the name.
func TestCheckOrder(t *testing.T) {
	s, err := ParseSite(strings.NewReader("order:\n  - a\n  - lab\n"), "site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckOrder([]string{"a", "labs"}); err == nil || err.Error() != `site.yaml:3:5: order[1]: unknown scenario "lab" (want one of a, labs) (did you mean "labs"?)` {
		t.Errorf("got %v", err)
	}
	if err := s.CheckOrder([]string{"a", "lab"}); err != nil {
		t.Errorf("got %v, want none", err)
	}
}

// The committed site-schema.json is what partlab schema --site prints, and
// it accepts a good site file.
func TestSiteSchema(t *testing.T) {
	golden.Check(t, "site-schema.json", SiteSchema())
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SiteSchema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("site-schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("site-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal([]byte(goodSite), &v); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("the schema refuses a good site file: %v", err)
	}
	if err := sch.Validate(map[string]any{"titel": "x"}); err == nil {
		t.Error("the schema accepts an unknown field")
	}
}

// A caller that changes the default settings it was given changes no other
// caller's.
func TestDefaultSiteIsFresh(t *testing.T) {
	d := DefaultSite()
	d.Title, d.Run = "changed", false
	if again := DefaultSite(); again.Title != "Scenarios" || !again.Run {
		t.Errorf("DefaultSite() = %+v after a caller changed its own", again)
	}
}
