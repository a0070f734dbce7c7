package cli

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeOwnHostOnly runs serve with --allow-remote preview.lan: it
// answers a request that names it (its address, localhost, 127.0.0.1 or
// [::1] with its port, and preview.lan), and refuses any other Host with
// 421, the page and results.json alike, as a DNS-rebinding page would send.
func TestServeOwnHostOnly(t *testing.T) {
	dir := scratch(t, map[string]string{"small.yaml": smallYAML})
	ctx, cancel := context.WithCancel(context.Background())
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--allow-remote", "preview.lan", "--cdn", "https://cdn.example/e.js", filepath.Join(dir, "small.yaml")}, stdout, io.Discard)
		stdout.Close()
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(patience):
			t.Error("serve did not stop")
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	addr, _, _ := strings.Cut(strings.TrimPrefix(line, "serving 1 scenario files at http://"), "/")
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatalf("stdout %q: %v", line, err)
	}
	tests := []struct {
		host string
		want int
	}{
		{"127.0.0.1:" + port, http.StatusOK},
		{"localhost:" + port, http.StatusOK},
		{"[::1]:" + port, http.StatusOK},
		{"preview.lan:" + port, http.StatusOK},
		{"evil.example", http.StatusMisdirectedRequest},
		{"evil.example:" + port, http.StatusMisdirectedRequest},
		{"localhost", http.StatusMisdirectedRequest},
	}
	for _, tt := range tests {
		for _, path := range []string{"/small/", "/small/results.json"} {
			req, err := http.NewRequest("GET", "http://"+addr+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = tt.host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("Host %q, %s: status %d, want %d", tt.host, path, resp.StatusCode, tt.want)
			}
			if tt.want != http.StatusOK && strings.Contains(string(body), "Small") {
				t.Errorf("Host %q, %s: the refusal shows the page", tt.host, path)
			}
		}
	}
}
