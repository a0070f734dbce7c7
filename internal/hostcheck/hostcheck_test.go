package hostcheck

import (
	"net/http"
	"net/http/httptest"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

func TestAllows(t *testing.T) {
	h, err := New("127.0.0.1:8000", []string{"Preview.Lan", "[fe80::1]"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		host string
		want bool
	}{
		{"127.0.0.1:8000", true},
		{"localhost:8000", true},
		{"LOCALHOST:8000", true},
		{"[::1]:8000", true},
		{"preview.lan:8000", true},
		{"[fe80::1]:8000", true},
		{"evil.example", false},
		{"evil.example:8000", false},
		{"localhost:8001", false},
		{"localhost", false}, // port 80
		{"127.0.0.1.evil.example:8000", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := h.Allows(tt.host); got != tt.want {
			t.Errorf("Allows(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}

func TestHandler(t *testing.T) {
	h, err := New("[::1]:80", nil)
	if err != nil {
		t.Fatal(err)
	}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("page")) })
	for host, want := range map[string]int{"localhost": 200, "[::1]": 200, "evil.example": http.StatusMisdirectedRequest} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.Handler(ok).ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: status %d, want %d", host, w.Code, want)
		}
	}
}
