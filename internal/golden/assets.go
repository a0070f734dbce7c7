package golden

import (
	"bytes"
	"fmt"
)

// Asset is a file that a page inlines: its name, and its text as the page
// holds it.
type Asset struct {
	Name string
	Text []byte
}

// WithoutAssets returns page with the text of each asset replaced by a
// one-line marker that names it, /* inlined: NAME */, a comment in CSS and
// in JavaScript alike. A page's golden then holds the page and not the
// assets, so that a change of an asset rewrites no page golden and a change
// of a page shows as its own lines; a test of its own checks the inlined
// text against the asset. Each asset must occur in page exactly once.
func WithoutAssets(page []byte, assets []Asset) ([]byte, error) {
	for _, a := range assets {
		if len(a.Text) == 0 {
			return nil, fmt.Errorf("inlined asset %s: empty", a.Name)
		}
		if n := bytes.Count(page, a.Text); n != 1 {
			return nil, fmt.Errorf("inlined asset %s: the page holds it %d times, want once", a.Name, n)
		}
		page = bytes.Replace(page, a.Text, []byte("/* inlined: "+a.Name+" */"), 1)
	}
	return page, nil
}
