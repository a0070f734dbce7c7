package preview

import (
	"maps"
	"slices"
	"testing"
)

// TestChangedPages lists the pages a reader sees change: a page whose file
// or folder changed, and the index for a change at the top.
func TestChangedPages(t *testing.T) {
	site := map[string][]byte{
		"index.html":      []byte("index"),
		"search.json":     []byte("[]"),
		"a/index.html":    []byte("a"),
		"a/results.json":  []byte("{}"),
		"a/img/fig.png":   []byte("png"),
		"b/index.html":    []byte("b"),
		"assets/echarts.": []byte("js"),
	}
	with := func(name, data string) map[string][]byte {
		out := maps.Clone(site)
		out[name] = []byte(data)
		return out
	}
	without := func(name string) map[string][]byte {
		out := maps.Clone(site)
		delete(out, name)
		return out
	}
	tests := []struct {
		name     string
		old, out map[string][]byte
		want     []string
	}{
		{"nothing changed", site, site, nil},
		{"the first render", nil, site, []string{"a/index.html", "b/index.html", "index.html"}},
		{"a page", site, with("b/index.html", "b2"), []string{"b/index.html"}},
		{"a file beside a page", site, with("a/results.json", "{1}"), []string{"a/index.html"}},
		{"an image removed", site, without("a/img/fig.png"), []string{"a/index.html"}},
		{"a file at the top", site, with("search.json", "[1]"), []string{"index.html"}},
		{"a page added", site, with("c/index.html", "c"), []string{"c/index.html"}},
		{"a page removed", site, without("b/index.html"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := changedPages(tt.old, tt.out); !slices.Equal(got, tt.want) {
				t.Errorf("changedPages = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPublish follows the versions of a live render: each render moves
// the version and wakes the waiting streams; a page keeps the version that
// last changed it; new problems change every page; a failed render keeps
// the last good site; a page gone follows the site's version.
func TestPublish(t *testing.T) {
	l := newLive()
	_, woken := l.wait("")
	l.publish(map[string][]byte{"index.html": []byte("1"), "a/index.html": []byte("a")}, nil)
	select {
	case <-woken:
	default:
		t.Fatal("a render did not wake the waiting streams")
	}
	steps := []struct {
		name     string
		out      map[string][]byte
		problems []string
		want     map[string]int // page → its version; "" is the site's
	}{
		{"the index changes", map[string][]byte{"index.html": []byte("2"), "a/index.html": []byte("a")}, nil,
			map[string]int{"": 2, "index.html": 2, "a/index.html": 1}},
		{"a problem", nil, []string{"a.yaml:1:1: x: bad"},
			map[string]int{"": 3, "index.html": 3, "a/index.html": 3}},
		{"the same problem, the same site", map[string][]byte{"index.html": []byte("2"), "a/index.html": []byte("a")}, []string{"a.yaml:1:1: x: bad"},
			map[string]int{"": 4, "index.html": 3, "a/index.html": 3}},
		{"fixed, a page gone", map[string][]byte{"index.html": []byte("5")}, nil,
			map[string]int{"": 5, "index.html": 5, "a/index.html": 5}},
	}
	for _, step := range steps {
		l.publish(step.out, step.problems)
		for page, want := range step.want {
			if got, _ := l.wait(page); got != want {
				t.Errorf("%s: %q has version %d, want %d", step.name, page, got, want)
			}
		}
	}
	if f := l.file("a/index.html"); f.found {
		t.Error("the page gone is still served")
	}
	if f := l.file("index.html"); string(f.data) != "5" || f.problems != nil {
		t.Errorf("the index is %q with problems %q, want the last render's", f.data, f.problems)
	}
}

// TestStreamPage reads a stream's ?page= as the site's path of the page.
func TestStreamPage(t *testing.T) {
	tests := []struct{ location, want string }{
		{"", ""},
		{"/", "index.html"},
		{"/index.html", "index.html"},
		{"/small/", "small/index.html"},
		{"/small/index.html", "small/index.html"},
		{"/small", "small"},
		{"/a/../small/", "small/index.html"},
		{"/../../etc/passwd", "etc/passwd"},
	}
	for _, tt := range tests {
		if got := streamPage(tt.location); got != tt.want {
			t.Errorf("streamPage(%q) = %q, want %q", tt.location, got, tt.want)
		}
	}
}
