// Package markdown turns an author's text into a page's HTML: each text
// runs as a bounded template of the vocabulary (the scenario's results,
// by cell id) and then through one goldmark converter, built once and safe
// by default, with the report's extensions (alerts, :::answer, predict's
// inputs), the page's local images and its headings for the contents and
// the search. It is not for the page itself, the kinds' views or the site:
// those are packages report and site, which call it.
package markdown

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// markdown is the report's one Markdown converter, built on first use:
// GitHub-flavoured (tables, strikethrough, autolinks, task lists, alerts,
// footnotes) with heading IDs for the contents, :::answer containers and
// predict's inputs. It keeps goldmark's safe default: raw HTML and
// dangerous links in an author's text are dropped, never passed through.
func markdown() goldmark.Markdown {
	converterOnce.Do(newConverter)
	return converter
}

func newConverter() {
	converter = goldmark.New(
		goldmark.WithExtensions(extension.GFM, alerts{}, answers{}, predicts{},
			extension.NewFootnote(extension.WithFootnoteIDPrefixFunction(footnotePrefix))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
}

var (
	converterOnce sync.Once
	converter     goldmark.Markdown
)

// footnotesAttr holds, on a converted document, the prefix of its footnotes'
// IDs: every piece of Markdown on a page numbers its footnotes from 1.
var footnotesAttr = []byte("partlab-footnotes")

func footnotePrefix(n ast.Node) []byte {
	if v, ok := n.OwnerDocument().Attribute(footnotesAttr); ok {
		return v.([]byte)
	}
	return nil
}

// A Heading is an entry of a page's contents.
type Heading struct {
	ID    string
	Text  string
	Level int
}

// A Doc converts the Markdown of one page. Its IDs are shared by every piece
// of Markdown on the page, so two cells' "## Summary" get distinct anchors,
// and the page's own anchors are reserved before any heading takes them.
type Doc struct {
	ids parser.IDs
	// Headings are the page's contents: the authors' level 2 and 3
	// headings, and whatever the page adds between them.
	Headings []Heading
	// predictions are the page's, which predict's markers number;
	// brokenBoard is set when a scoreboard was left out for its own errors.
	predictions []prediction
	brokenBoard bool
	// Key converts for the teacher's answer key: every answer open, every
	// prediction's figure in place of its input. Without it, for the
	// student, answers are closed and predictions are inputs.
	Key   bool
	texts int // pieces converted, which prefix their footnotes
	// images, when set, reads the page's local images; without it images
	// are left as written.
	images *imageSet
	// Sections is the page's prose for the site's search: the text before
	// the first heading, then each level 2 and 3 heading's.
	Sections []Section
	// OmitAnswers drops every :::answer container, its text unconverted:
	// a page in assessment mode holds no answer, not even a closed one.
	OmitAnswers bool
}

// NewDoc starts a page's Markdown, its own anchors reserved.
func NewDoc(reserved ...string) *Doc {
	d := &Doc{ids: parser.NewContext().IDs()}
	for _, id := range reserved {
		d.ids.Put([]byte(id))
	}
	return d
}

// maxBlock bounds a run of lines without a blank one (a paragraph, a list,
// a table), where goldmark's inline parsing is superlinear: 64 KiB of "*a_"
// took 5 s on one line and 0.8 s in 8 KiB paragraphs (BenchmarkMarkdown).
const maxBlock = 8 << 10

// checkBlocks refuses Markdown with a run of lines longer than maxBlock.
func checkBlocks(src string) error {
	size, start := 0, 0
	for i, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) == "" {
			size = 0
			continue
		}
		if size == 0 {
			start = i + 1
		}
		if size += len(line) + 1; size > maxBlock {
			return fmt.Errorf("markdown: the paragraph, list or table from line %d of the text (its template values printed) is longer than %d bytes: put blank lines in it", start, maxBlock)
		}
	}
	return nil
}

// HTML converts src, noting its level 2 and 3 headings for the contents.
func (d *Doc) HTML(src string) (template.HTML, error) {
	if err := checkBlocks(src); err != nil {
		return "", err
	}
	source := []byte(src)
	root := d.parse(source)
	d.texts++
	root.SetAttribute(footnotesAttr, fmt.Appendf(nil, "t%d-", d.texts))
	if d.OmitAnswers {
		omitAnswers(root)
	}
	if d.images != nil {
		if err := d.images.images(root); err != nil {
			return "", err
		}
	}
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *answerNode:
			if n.prediction != "" {
				if _, err := lookup(d.predictions, d.brokenBoard, n.prediction); err != nil {
					return ast.WalkStop, fmt.Errorf(":::answer %s: %w", n.prediction, err)
				}
			}
			if !d.Key {
				return ast.WalkSkipChildren, nil // the student's search and contents hold no answer
			}
		case *ast.Text:
			d.addText(n.Segment.Value(source))
			return ast.WalkContinue, nil
		case *ast.String:
			d.addText(n.Value)
			return ast.WalkContinue, nil
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok && n.Level >= 2 && n.Level <= 3 {
				h := Heading{ID: string(id.([]byte)), Text: plain(n, source), Level: n.Level}
				d.Headings = append(d.Headings, h)
				d.Sections = append(d.Sections, Section{ID: h.ID, Title: h.Text})
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := markdown().Renderer().Render(&buf, source, root); err != nil {
		return "", err
	}
	// goldmark keeps its safe default: raw HTML and javascript: links in
	// an author's Markdown are dropped, and it escapes every text itself.
	return template.HTML(buf.Bytes()), nil
}

// parse parses source in d's context: its anchors, its predictions and
// its edition.
func (d *Doc) parse(source []byte) ast.Node {
	ctx := parser.NewContext(parser.WithIDs(d.ids))
	ctx.Set(predictionsKey, d.predictions)
	ctx.Set(keyKey, d.Key)
	return markdown().Parser().Parse(text.NewReader(source), parser.WithContext(ctx))
}

// plain returns the text of an inline tree, without its markup.
func plain(n ast.Node, source []byte) string {
	var b bytes.Buffer
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		default:
			b.WriteString(plain(c, source))
		}
	}
	return b.String()
}

// Escape escapes a scenario's text (a key, a group's name, a question) for
// the Markdown of a narrative: every ASCII punctuation character gets a
// backslash, so the text is shown as written and is never markup.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
