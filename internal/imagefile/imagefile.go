// Package imagefile checks that an image's bytes are the image its name
// says, before partlab publishes it on a site: a raster image by its
// signature (PNG, JPEG, GIF, WebP, ICO), an SVG by its markup, which must
// carry nothing that runs or loads: no script, no event handler, no
// foreignObject, no reference outside the file.
//
// It refuses such an SVG rather than rewriting it: a rewrite that misses a
// way to run script publishes it, a refusal that misses one is no worse,
// and the author learns what to take out. It is not a decoder: a file with
// the right signature and broken pixels passes.
package imagefile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// signatures are the first bytes of each raster type, by extension; a nil
// byte in a signature matches any byte (WebP's RIFF size).
var signatures = map[string][][]byte{
	".png":  {[]byte("\x89PNG\r\n\x1a\n")},
	".jpg":  {[]byte("\xff\xd8\xff")},
	".jpeg": {[]byte("\xff\xd8\xff")},
	".gif":  {[]byte("GIF87a"), []byte("GIF89a")},
	".webp": {[]byte("RIFF\x00\x00\x00\x00WEBP")},
	".ico":  {[]byte("\x00\x00\x01\x00")},
}

// webpSize is where WebP's RIFF size lies, which any bytes may hold.
const webpSizeAt, webpSizeEnd = 4, 8

// Check returns an error, in words, if data is not the image that name's
// extension says.
func Check(name string, data []byte) error {
	ext := strings.ToLower(path.Ext(name))
	if ext == ".svg" {
		return checkSVG(data)
	}
	sigs, ok := signatures[ext]
	if !ok {
		return fmt.Errorf("%q is not an image type partlab checks", ext)
	}
	for _, sig := range sigs {
		if matches(data, sig, ext == ".webp") {
			return nil
		}
	}
	return fmt.Errorf("is not a %s image: its bytes do not start as one does", ext)
}

func matches(data, sig []byte, webp bool) bool {
	if len(data) < len(sig) {
		return false
	}
	for i, b := range sig {
		if webp && i >= webpSizeAt && i < webpSizeEnd {
			continue
		}
		if data[i] != b {
			return false
		}
	}
	return true
}

// refusedElements run script or embed another document.
var refusedElements = []string{"script", "foreignobject", "iframe", "embed", "object"}

// checkSVG reads the SVG's markup and refuses, at the first, what could run
// or load: see the package's comment.
func checkSVG(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if root {
				return errors.New("is not an SVG: it has no <svg> element")
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("is not an SVG partlab can check: %v", err)
		}
		line, _ := d.InputPos()
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target != "xml" {
				return fmt.Errorf("line %d: <?%s?> may load a file: SVG images carry only their own markup", line, t.Target)
			}
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) {
				return fmt.Errorf("line %d: an entity declaration: SVG images carry no DOCTYPE entities", line)
			}
		case xml.StartElement:
			if root && !strings.EqualFold(t.Name.Local, "svg") {
				return fmt.Errorf("is not an SVG: its first element is <%s>", t.Name.Local)
			}
			root = false
			if err := checkElement(t); err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
		case xml.CharData:
			if err := checkStyle(string(t)); err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
		}
	}
}

// checkElement refuses an element that runs or embeds, and attributes that
// handle events or refer outside the file.
func checkElement(e xml.StartElement) error {
	local := strings.ToLower(e.Name.Local)
	for _, r := range refusedElements {
		if local == r {
			return fmt.Errorf("a <%s> element: SVG images carry no script and embed nothing", e.Name.Local)
		}
	}
	for _, a := range e.Attr {
		name := strings.ToLower(a.Name.Local)
		switch {
		case strings.HasPrefix(name, "on"):
			return fmt.Errorf("an event handler %s=: SVG images carry no script", a.Name.Local)
		case name == "href" || name == "src":
			if !strings.HasPrefix(strings.TrimSpace(a.Value), "#") {
				return fmt.Errorf("%s=%q refers outside the file: SVG images refer only to their own parts (#id)", a.Name.Local, a.Value)
			}
		case name == "attributename" && (local == "set" || local == "animate"):
			if v := strings.ToLower(strings.TrimSpace(a.Value)); strings.HasSuffix(v, "href") || strings.HasPrefix(v, "on") {
				return fmt.Errorf("<%s attributeName=%q> changes a link or a handler: SVG images carry no script", e.Name.Local, a.Value)
			}
		case name == "style":
			if err := checkStyle(a.Value); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkStyle refuses CSS that loads a file: @import, or url() of anything
// but a part of the file (#id). It is applied to all text, which is only
// safe-side: text that reads like such CSS is refused too.
func checkStyle(css string) error {
	lower := strings.ToLower(css)
	if strings.Contains(lower, "@import") {
		return errors.New("CSS @import loads a file: SVG images carry only their own markup")
	}
	for rest := lower; ; {
		i := strings.Index(rest, "url(")
		if i < 0 {
			return nil
		}
		rest = rest[i+len("url("):]
		target := strings.TrimLeft(rest, " \t\r\n'\"")
		if !strings.HasPrefix(target, "#") {
			return errors.New("CSS url() refers outside the file: SVG images refer only to their own parts (#id)")
		}
	}
}
