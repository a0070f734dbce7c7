package markdown

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/imagefile"
	"github.com/partlab/partlab/scenarios"
	"github.com/yuin/goldmark/ast"
)

// The bounds of a scenario's images: a page is read on a phone, and a
// render holds every image in memory until the site is published.
const (
	MaxImage  = 4 << 20  // bytes of one image
	MaxImages = 16 << 20 // bytes of a scenario's images together
)

// imageTypes are the files a Markdown image may name, by extension, with
// the type a self-contained page gives its data: URL. An SVG has none:
// goldmark drops data:image/svg+xml as dangerous, so an SVG cannot be
// inlined.
var imageTypes = map[string]string{
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".gif":  "image/gif",
	".webp": "image/webp",
	".svg":  "",
}

// An imageSet is the images of one page: each Markdown image with a
// relative path is read from the scenario's folder, to be copied beside the
// page at the same path, or, on a self-contained page, inlined.
//
// Remote images (http://, https://, any URL with a scheme or a host) are
// left as written: partlab fetches nothing, so a render stays offline and
// the same; the reader's browser loads them.
type imageSet struct {
	folder scenarios.Folder // nil for a scenario given as text, not a file
	dir    string           // the scenario's folder, for messages
	inline bool
	files  []Image // in the order the page first names them
	size   int
}

// An Image is a local image a page names, to be copied beside the page at
// Path, relative to it, with slashes.
type Image struct {
	Path string
	Data []byte
}

// ReadImages makes d read the local images its Markdown names, from
// scenario s's folder; inline puts them in the page as data: URLs.
// Without it images are left as written.
func (d *Doc) ReadImages(s *scenarios.Scenario, inline bool) {
	d.images = &imageSet{folder: s.Folder, dir: filepath.Dir(s.File), inline: inline}
}

// Images are the images d read, in the order the page first names them:
// none when they are inlined, or when d reads none.
func (d *Doc) Images() []Image {
	if d.images == nil || d.images.inline {
		return nil
	}
	return d.images.files
}

// An imageError is a Markdown image partlab cannot publish: dest is the
// destination as written, to find in the author's text.
type imageError struct {
	dest, msg string
}

func (e *imageError) Error() string { return fmt.Sprintf("image %q: %s", e.dest, e.msg) }

// imageErrors are the image errors of one piece of Markdown.
type imageErrors []*imageError

func (e imageErrors) Error() string {
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = err.Error()
	}
	return strings.Join(msgs, "; ")
}

// images reads the local images of a Markdown tree, and on a self-contained
// page points them at data: URLs.
func (s *imageSet) images(root ast.Node) error {
	var errs imageErrors
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		img, ok := n.(*ast.Image)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		dest := string(img.Destination)
		if err := s.add(img); err != nil {
			errs = append(errs, &imageError{dest: dest, msg: err.Error()})
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// add reads one image, unless it is remote or the page has it already.
func (s *imageSet) add(img *ast.Image) error {
	u, err := url.Parse(string(img.Destination))
	if err != nil {
		return errors.New("not a URL or a relative path")
	}
	if u.Scheme != "" || u.Host != "" {
		return nil // remote: left as written
	}
	name, err := s.path(u.Path)
	if err != nil {
		return err
	}
	typ := imageTypes[strings.ToLower(path.Ext(name))]
	if s.inline && typ == "" {
		return errors.New("a self-contained page cannot inline an SVG (the data: URL is dropped as unsafe): use a PNG, or render without --self-contained")
	}
	i := slices.IndexFunc(s.files, func(f Image) bool { return f.Path == name })
	written := 0 // the bytes this image adds to what the render publishes
	if i < 0 {
		data, err := s.read(name)
		if err != nil {
			return err
		}
		s.files = append(s.files, Image{name, data})
		i, written = len(s.files)-1, len(data)
	}
	prefix := "data:" + typ + ";base64,"
	if s.inline { // a self-contained page holds a copy per mention
		written = len(prefix) + base64.StdEncoding.EncodedLen(len(s.files[i].Data))
	}
	// Counted before a copy is made, so that the copies past the bound are not.
	if s.size += written; s.size > MaxImages {
		return fmt.Errorf("%s takes the page's images over %d MiB together (a self-contained page counts every inlined copy)", filepath.Join(s.dir, filepath.FromSlash(name)), MaxImages>>20)
	}
	if s.inline {
		// goldmark checks the link as any other: base64 leaves no markup.
		img.Destination = []byte(prefix + base64.StdEncoding.EncodeToString(s.files[i].Data))
	}
	return nil
}

// path checks an image's path as written: relative, inside the scenario's
// folder, of an image type; it returns it cleaned, with slashes.
func (s *imageSet) path(p string) (string, error) {
	switch {
	case p == "":
		return "", errors.New("no path")
	case strings.HasPrefix(p, "/") || filepath.IsAbs(p):
		return "", errors.New("an absolute path: name the image relative to the scenario's folder")
	case slices.Contains(strings.Split(p, "/"), ".."):
		return "", errors.New("'..' leaves the scenario's folder: images come from the scenario's folder and below")
	case strings.Contains(p, `\`):
		return "", errors.New(`a backslash: write paths with '/'`)
	}
	if _, ok := imageTypes[strings.ToLower(path.Ext(p))]; !ok {
		return "", errors.New("not an image: partlab copies .png, .jpg, .jpeg, .gif, .webp and .svg files")
	}
	return path.Clean(p), nil
}

// read reads an image of the scenario's folder, which refuses a link that
// leads out of it and an image over the bounds.
func (s *imageSet) read(name string) ([]byte, error) {
	full := filepath.Join(s.dir, filepath.FromSlash(name))
	if s.folder == nil {
		return nil, errors.New("cannot be read: the scenario was given as text, with no folder")
	}
	data, err := s.folder.ReadFile(name, MaxImage)
	if err != nil {
		return nil, err
	}
	if err := imagefile.Check(name, data); err != nil {
		return nil, fmt.Errorf("%s %w", full, err)
	}
	return data, nil
}

// imageAt is where an image error points in the author's text: at its
// destination if the text holds it as written (templates may have changed
// the Markdown), else at the start of the text.
func imageAt(t Text, dest string) (line, col int) {
	i := strings.Index(t.src, dest)
	if i < 0 || dest == "" {
		return t.at.Line, t.at.Col
	}
	before := t.src[:i]
	line = t.at.Line + strings.Count(before, "\n")
	return line, t.at.Col + len(before) - (strings.LastIndex(before, "\n") + 1)
}
