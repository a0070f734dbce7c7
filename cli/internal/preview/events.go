package preview

import (
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
)

const (
	// eventsPath is the Server-Sent Events stream the pages listen to
	// (templates/serve.html names it too).
	eventsPath = "/_partlab/events"
	// maxStreams bounds the open event streams, each a connection and a
	// goroutine: a browser opens a few, one per open page.
	maxStreams = 64
)

// events serves the Server-Sent Events stream of render versions, at most
// maxStreams at once.
type events struct {
	live    *live
	streams chan struct{} // a token per open stream
}

func newEvents(l *live) *events {
	return &events{live: l, streams: make(chan struct{}, maxStreams)}
}

// ServeHTTP streams the current version on connecting, then each new one;
// with ?page=PATH, the version that last changed that page, so that a page
// reloads only when it changed. It ends when the client leaves or the
// server stops.
func (e *events) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	select {
	case e.streams <- struct{}{}:
		defer func() { <-e.streams }()
	default:
		http.Error(w, "too many open pages: close some, then reload", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	// A page whose server restarts reconnects within half a second.
	io.WriteString(w, "retry: 500\n")
	page := streamPage(r.URL.Query().Get("page"))
	for {
		version, next := e.live.wait(page)
		fmt.Fprintf(w, "data: %d\n\n", version)
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-next:
		case <-r.Context().Done():
			return
		}
	}
}

// streamPage is the site's path of the page a stream asks for, as the
// page's location names it: "" for none, which follows the site's version.
func streamPage(location string) string {
	page := strings.TrimPrefix(path.Clean("/"+location), "/")
	if strings.HasSuffix(location, "/") {
		page = path.Join(page, "index.html")
	}
	return page
}
