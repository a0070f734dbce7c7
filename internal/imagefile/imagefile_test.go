package imagefile

import (
	"strings"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

func TestCheck(t *testing.T) {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">`
	tests := []struct {
		name, data string
		want       string // "" for an image that passes, else a part of the error
	}{
		{"a.png", "\x89PNG\r\n\x1a\n...", ""},
		{"a.PNG", "\x89PNG\r\n\x1a\n", ""},
		{"a.jpg", "\xff\xd8\xff\xe0", ""},
		{"a.jpeg", "\xff\xd8\xff\xdb", ""},
		{"a.gif", "GIF89a..", ""},
		{"a.gif", "GIF87a..", ""},
		{"a.webp", "RIFF\x10\x20\x00\x00WEBPVP8 ", ""},
		{"a.ico", "\x00\x00\x01\x00\x01\x00", ""},
		{"a.png", "just text", "is not a .png image"},
		{"a.png", "\x89PN", "is not a .png image"},
		{"a.jpg", "\x89PNG\r\n\x1a\n", "is not a .jpg image"},
		{"a.webp", "RIFF\x10\x20\x00\x00WAVE", "is not a .webp image"},
		{"a.ico", "", "is not a .ico image"},
		{"a.svg", svg + `<circle r="4" fill="url(#g)"/><use href="#c"/></svg>`, ""},
		{"a.svg", `<?xml version="1.0"?>` + svg + `<style>.a { fill: url( '#g' ) }</style></svg>`, ""},
		{"a.svg", svg + "\n<script>alert(1)</script></svg>", "line 2: a <script> element"},
		{"a.svg", svg + `<html:script xmlns:html="http://www.w3.org/1999/xhtml">x</html:script></svg>`, "a <script> element"},
		{"a.svg", svg + `<SCRIPT>x</SCRIPT></svg>`, "a <SCRIPT> element"},
		{"a.svg", svg + `<foreignObject><div/></foreignObject></svg>`, "a <foreignObject> element"},
		{"a.svg", svg + `<circle onload="alert(1)"/></svg>`, "an event handler onload="},
		{"a.svg", `<svg onLoad="x"/>`, "an event handler onLoad="},
		{"a.svg", svg + `<a href="javascript:alert(1)"><text>x</text></a></svg>`, `href="javascript:alert(1)" refers outside the file`},
		{"a.svg", svg + `<image xlink:href="https://evil.example/track.png"/></svg>`, "refers outside the file"},
		{"a.svg", svg + `<image href="data:image/svg+xml,&lt;svg/&gt;"/></svg>`, "refers outside the file"},
		{"a.svg", svg + `<set attributeName="href" to="javascript:alert(1)"/></svg>`, "changes a link or a handler"},
		{"a.svg", svg + `<style>@import url(https://evil.example/a.css);</style></svg>`, "@import"},
		{"a.svg", svg + `<rect style="fill: url(https://evil.example/a)"/></svg>`, "CSS url() refers outside"},
		{"a.svg", `<?xml-stylesheet href="https://evil.example/a.css"?>` + svg + `</svg>`, "may load a file"},
		{"a.svg", `<!DOCTYPE svg [<!ENTITY a "aaaa">]>` + svg + `</svg>`, "entity declaration"},
		{"a.svg", `<html><svg/></html>`, "its first element is <html>"},
		{"a.svg", "just text", "it has no <svg> element"},
		{"a.svg", svg + `<circle>`, "is not an SVG partlab can check"},
		{"a.bmp", "BM", "not an image type"},
	}
	for _, tt := range tests {
		err := Check(tt.name, []byte(tt.data))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Check(%s, %q) = %v, want nil", tt.name, tt.data, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Check(%s, %q) = %v, want %q", tt.name, tt.data, err, tt.want)
		}
	}
}
