package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Every conclusion the shipped scenarios draw has words for diff, and the
// JSON's conclusions are the page's: where the lesson's grid says the most
// balanced key is not the most correct, results.json says false.
func TestConclusionWords(t *testing.T) {
	for _, nb := range []Notebook{lesson(t), lab(t)} {
		var buf bytes.Buffer
		if err := JSON(&buf, nb); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cells []struct {
				ID          string
				Conclusions map[string]bool
			}
		}
		if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		for _, c := range doc.Cells {
			for name, v := range c.Conclusions {
				if ConclusionWords(name, v) == "" || ConclusionWords(name, !v) == "" {
					t.Errorf("cell %s: conclusion %q has no words", c.ID, name)
				}
			}
		}
	}
	if got, want := ConclusionWords("balanced_is_correct@4", false), "the most balanced key is no longer the most correct (at 4)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestConclusionsAgreeWithTheStory(t *testing.T) {
	for _, tc := range []struct {
		name string
		nb   Notebook
	}{
		{"lesson", lesson(t)},
		{"one partition count", notebook(t, "x.yaml", "title: t\nsource: {subscribers: 20, periods: 3}\ncells:\n  - grid: {id: keys, keys: [subscriber, record], partitions: [4], consumers: [4]}\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := JSON(&buf, tc.nb); err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Cells []struct{ Conclusions map[string]bool }
			}
			if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			got := doc.Cells[0].Conclusions
			html := page(t, tc.nb, copied)
			for name, sentence := range map[string]string{
				"balanced_is_correct@4":    "Balance and correctness agree.",
				"served_misleads":          "The served number misleads.",
				"some_key_keeps_every_row": "keeps all",
			} {
				if says := strings.Contains(html, sentence); says != got[name] {
					t.Errorf("%s is %v, but the page says %q: %v", name, got[name], sentence, says)
				}
			}
		})
	}
}
