package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
)

func TestNewSwitcher(t *testing.T) {
	two := []control{{Label: "consumers", Options: []string{"1", "2"}}, {Label: "key", Options: []string{"a", "b", "c"}}}
	six := switchData{Variants: make([][][]float64, 6), Captions: make([]string, 6)}
	tests := []struct {
		name     string
		controls []control
		data     switchData
		want     string // the error, or "" for none
		data0    bool   // the switcher holds no data
	}{
		{"no controls: nothing to switch", nil, switchData{}, "", true},
		{"a variant per choice", two, six, "", false},
		{"a variant short", two, switchData{Variants: make([][][]float64, 5), Captions: make([]string, 6)}, "5 variants and 6 captions for 6 choices", false},
		{"a caption short", two, switchData{Variants: make([][][]float64, 6), Captions: make([]string, 2)}, "6 variants and 2 captions for 6 choices", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sw, err := newSwitcher(tt.controls, tt.data)
			if got := errText(err); !strings.Contains(got, tt.want) || (tt.want == "") != (err == nil) {
				t.Fatalf("newSwitcher: %q, want %q", got, tt.want)
			}
			if err == nil && (sw.Data == nil) != tt.data0 {
				t.Errorf("data %s, want none: %v", sw.Data, tt.data0)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestSample(t *testing.T) {
	tests := []struct {
		in, want []int
	}{
		{nil, nil},
		{[]int{1, 2, 3, 4}, []int{1, 2, 3, 4}},
		{[]int{1, 2, 3, 4, 5}, []int{1, 2, 3, 5}},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, []int{1, 2, 3, 9}},
	}
	for _, tt := range tests {
		in := slices.Clone(tt.in)
		if got := sample(in, 4); !slices.Equal(got, tt.want) {
			t.Errorf("sample(%v, 4) = %v, want %v", tt.in, got, tt.want)
		}
		if !slices.Equal(in, tt.in) {
			t.Errorf("sample changed its input to %v", in)
		}
	}
}

// bigGrid is a grid of 64 partition and 64 consumer counts.
func bigGrid(t testing.TB) Notebook { return computed(reporttest.BigGrid(t)) }

// TestBigGridTables checks that a 64 × 64 grid's page lists one consumer
// count's lesson table and one key's deviation table, each with a control
// that holds every other, and that the story names few counts.
func TestBigGridTables(t *testing.T) {
	got := page(t, bigGrid(t), copied)
	for _, want := range []string{
		`<div class="switch" id="table_g_groups">`,
		`<caption><span>Consumer group of 1 consumer; the healthy pipeline computes`,
		`<option value="63">64</option>`,
		`<div class="switch" id="table_g_deviation">`,
		`<caption><span>Serving deviation per region against the healthy pipeline (m³), the subscriber key</span></caption>`,
		`<option value="3">none</option>`,
		// The deviation chart opens on the first combination that loses rows.
		`<option value="1" selected>record</option>`,
		`<option value="1" selected>2</option>`,
		`<caption><span>record, 2 partitions</span></caption>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(got, "<caption><span>Consumer group of"); n != 1 {
		t.Errorf("the page has %d lesson tables, want 1", n)
	}
	if n := strings.Count(got, "<strong>The ceiling.</strong> With"); n == 0 || n > toldItems {
		t.Errorf("the story tells %d consumer counts' ceilings, want 1 to %d", n, toldItems)
	}
}
