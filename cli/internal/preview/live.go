package preview

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"sync"
)

// live is the render being served: every request reads it, and the polling
// goroutine replaces it after each render. Its version counts renders, good
// or not, and each page remembers the version that last changed it, so that
// an open page reloads only when it changed.
type live struct {
	mu       sync.RWMutex
	out      map[string][]byte // the last good render of the site
	problems []string          // file:line:col: field: message, one a line
	version  int
	pages    map[string]int // each page's path → the version that last changed it
	changed  chan struct{}  // closed, and replaced, when version moves
}

func newLive() *live {
	return &live{pages: map[string]int{}, changed: make(chan struct{})}
}

// publish makes a render the one served: out, the whole site, unless it is
// nil (a site that failed to render keeps the last good one), and its
// problems. The pages whose reader sees a change, every page when the
// problems changed, take the new version, and every waiting stream wakes.
func (l *live) publish(out map[string][]byte, problems []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.version++
	if out != nil {
		for _, page := range changedPages(l.out, out) {
			l.pages[page] = l.version
		}
		l.out = out
	}
	if !slices.Equal(problems, l.problems) {
		for page := range l.out {
			l.pages[page] = l.version
		}
	}
	l.problems = problems
	close(l.changed)
	l.changed = make(chan struct{})
}

// A file is what the site serves at a path.
type file struct {
	data     []byte
	found    bool
	dir      bool // the path is a folder with a page, to be asked for with a final slash
	version  int  // the version that last changed the file (see pageVersion)
	problems []string
}

// file returns what is served at name, a path of the site.
func (l *live) file(name string) file {
	l.mu.RLock()
	defer l.mu.RUnlock()
	data, found := l.out[name]
	_, dir := l.out[path.Join(name, "index.html")]
	return file{data: data, found: found, dir: dir, version: l.pageVersion(name), problems: l.problems}
}

// wait returns the version that last changed page ("" for the site's
// version) and a channel closed when the next render is published.
func (l *live) wait(page string) (version int, next <-chan struct{}) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.pageVersion(page), l.changed
}

// pageVersion is the version that last changed the page at name: the
// current one for a page the site no longer has (or never had, as ""),
// which then reloads into its 404. The caller holds l.mu.
func (l *live) pageVersion(name string) int {
	if v, ok := l.pages[name]; ok {
		if _, still := l.out[name]; still {
			return v
		}
	}
	return l.version
}

// changedPages lists the pages of the new render whose reader sees a
// change: the page itself, or a file in its folder (an image) changed. A
// file at the top (the index, the search index) changes the index.
func changedPages(old, out map[string][]byte) []string {
	touched := map[string]bool{}
	for name, data := range out {
		if prev, ok := old[name]; !ok || !bytes.Equal(prev, data) {
			touched[pageFolder(name)] = true
		}
	}
	for name := range old {
		if _, ok := out[name]; !ok {
			touched[pageFolder(name)] = true
		}
	}
	var pages []string
	for name := range out {
		if path.Ext(name) == ".html" && touched[pageFolder(name)] {
			pages = append(pages, name)
		}
	}
	slices.Sort(pages)
	return pages
}

// pageFolder is the folder of the site a file is in: its page's, or "."
// for the files at the top, the index's.
func pageFolder(name string) string {
	if dir, _, ok := strings.Cut(name, "/"); ok {
		return dir
	}
	return "."
}
