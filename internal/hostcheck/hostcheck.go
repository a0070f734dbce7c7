// Package hostcheck keeps a local HTTP server to its own names: it answers
// a request only when the Host header names the server, so that a page on
// another site, whose name an attacker points at 127.0.0.1 (DNS
// rebinding), cannot read what the server shows.
//
// It is not access control: anyone who can reach the port and sends the
// right Host is answered.
package hostcheck

import (
	"net"
	"net/http"
	"slices"
	"strings"
)

// loopbackNames are the names a machine always has for itself.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

// Hosts is the names a server answers to, on its port.
type Hosts struct {
	port  string
	names []string // lowercase, IPv6 without brackets
}

// New returns the hosts of a server listening at addr (host:port, as the
// listener reports it): addr's own host, the loopback names and the names
// of extra, each on addr's port.
func New(addr string, extra []string) (Hosts, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return Hosts{}, err
	}
	h := Hosts{port: port, names: slices.Clone(loopbackNames)}
	for _, n := range append([]string{host}, extra...) {
		if n != "" {
			h.names = append(h.names, normal(n))
		}
	}
	return h, nil
}

// normal is a host name as Hosts compares it.
func normal(host string) string {
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
}

// Allows reports whether a request's Host header names the server: one of
// its names with its port (a Host without a port is port 80's).
func (h Hosts) Allows(hostHeader string) bool {
	host, port, err := net.SplitHostPort(hostHeader)
	if err != nil {
		host, port = hostHeader, "80"
	}
	return port == h.port && slices.Contains(h.names, normal(host))
}

// Handler answers 421 Misdirected Request to a request for another host,
// and passes the others to next.
func (h Hosts) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.Allows(r.Host) {
			http.Error(w, "this server answers only to its own address (serve's --allow-remote names the others)", http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}
