package preview

import (
	"bytes"
	"errors"
	"html/template"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/partlab/partlab/templates"
)

// layout is what serve adds to the pages it serves; report never renders
// it, so written sites stay as they are. It is parsed on first use, so that
// a command that serves nothing does not pay for it at start-up.
var layout = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(templates.FS, "serve.html"))
})

// ServeHTTP serves the event stream and the site's files; HTML pages get
// the live-reload script and, while there are problems, their overlay.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == eventsPath {
		s.events.ServeHTTP(w, r)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if r.URL.Path == "/" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	f := s.live.file(name)
	switch {
	case !f.found && f.dir:
		// Pages link their neighbours relative to their directory.
		http.Redirect(w, r, "/"+name+"/", http.StatusMovedPermanently)
		return
	case !f.found:
		http.NotFound(w, r)
		return
	}
	data := f.data
	if path.Ext(name) == ".html" {
		var err error
		if data, err = decorate(data, f.version, f.problems); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	// Every render replaces every file: nothing may be cached.
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
}

// decorate returns a copy of page with the live-reload script at the end of
// its head and, when there are problems, their overlay at the end of its
// body. The first </head> and the last </body> are the page's own: the text
// between them is escaped.
func decorate(page []byte, version int, problems []string) ([]byte, error) {
	var head, body bytes.Buffer
	if err := layout().ExecuteTemplate(&head, "serve-head", strconv.Itoa(version)); err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		if err := layout().ExecuteTemplate(&body, "serve-problems", problems); err != nil {
			return nil, err
		}
	}
	h := bytes.Index(page, []byte("</head>"))
	b := bytes.LastIndex(page, []byte("</body>"))
	if h < 0 || b < h {
		return nil, errors.New("serve: a page without </head> and </body>")
	}
	out := make([]byte, 0, len(page)+head.Len()+body.Len())
	out = append(out, page[:h]...)
	out = append(out, head.Bytes()...)
	out = append(out, page[h:b]...)
	out = append(out, body.Bytes()...)
	return append(out, page[b:]...), nil
}
