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

const (
	smallYAML = "title: Small\ncells:\n  - grid: {keys: [subscriber], partitions: [2]}\n"
	// patience bounds every wait on the server: generous, since a wait
	// ends as soon as what it waits for happens.
	patience = 5 * time.Minute
)

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr   string
		remote bool
		ok     bool
	}{
		{"127.0.0.1:8000", false, true},
		{"127.0.0.2:0", false, true},
		{"localhost:8000", false, true},
		{"[::1]:8000", false, true},
		{"0.0.0.0:8000", false, false},
		{":8000", false, false},
		{"[::]:8000", false, false},
		{"192.168.1.10:8000", false, false},
		{"example.com:8000", false, false},
		{"0.0.0.0:8000", true, true},
		{":8000", true, true},
		{"127.0.0.1", false, false},
		{"127.0.0.1", true, false},
	}
	for _, tt := range tests {
		err := checkAddr(tt.addr, tt.remote)
		if (err == nil) != tt.ok {
			t.Errorf("checkAddr(%q, %v) = %v, want ok %v", tt.addr, tt.remote, err, tt.ok)
		}
	}
}

// TestServeCommand runs partlab serve as the command line does: it prints
// the URL, serves, and stops when its context is cancelled, ending the open
// event streams; a reachable address needs --allow-remote.
func TestServeCommand(t *testing.T) {
	dir := scratch(t, map[string]string{"small.yaml": smallYAML})
	file := filepath.Join(dir, "small.yaml")
	for _, args := range [][]string{
		{"serve", "--addr", "0.0.0.0:0", file},
		{"serve", "--addr", "nonsense", file},
	} {
		if err := Run(context.Background(), args, io.Discard, io.Discard); exitCode(err) != 2 {
			t.Errorf("%q: %v (exit %d), want a usage error", args, err, exitCode(err))
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--cdn", "https://cdn.example/echarts.min.js", file}, stdout, io.Discard)
		stdout.Close()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	url, ok := strings.CutPrefix(line, "serving 1 scenario files at ")
	url, _, _ = strings.Cut(url, " ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("stdout %q, want the URL", line)
	}
	if page := get(t, url+"small/"); !strings.Contains(page, `id="echarts-source" data-src="https://cdn.example/echarts.min.js"`) {
		t.Error("the page does not load ECharts from --cdn")
	}
	events := firstEvent(t, url+"_partlab/events")
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve stopped with %v, want nil", err)
		}
	case <-time.After(patience):
		t.Fatal("serve did not stop")
	}
	if _, err := io.ReadAll(events); err != nil {
		t.Errorf("the event stream did not end: %v", err)
	}
	if c, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")); err == nil {
		c.Close()
		t.Error("the port still accepts connections")
	}
}

// get fetches url's body.
func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

// firstEvent opens the event stream at url and reads up to its first
// event; the rest of the stream is left to read.
func firstEvent(t *testing.T, url string) io.Reader {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	r := bufio.NewReader(resp.Body)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("event stream: %v", err)
		}
		if strings.HasPrefix(line, "data: ") {
			return r
		}
	}
}
