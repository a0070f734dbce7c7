package report

import (
	"testing"

	"github.com/partlab/partlab/sim"
)

func TestKeyWords(t *testing.T) {
	tests := []struct {
		keys           []sim.Key
		subject, under string
	}{
		{[]sim.Key{sim.KeySubscriber}, "the subscriber key", "under the subscriber key"},
		{[]sim.Key{sim.KeyNone}, "sending records without a key", "without a key"},
		{[]sim.Key{sim.KeySubscriber, sim.KeyRecord}, "the subscriber key", "under the subscriber and record keys"},
		{[]sim.Key{sim.KeyPeriod, sim.KeyNone}, "the period key", "under the period key and without a key"},
	}
	for _, tt := range tests {
		if got := keySubject(tt.keys[0]); got != tt.subject {
			t.Errorf("keySubject(%s) = %q, want %q", tt.keys[0], got, tt.subject)
		}
		if got := underKeys(tt.keys); got != tt.under {
			t.Errorf("underKeys(%v) = %q, want %q", tt.keys, got, tt.under)
		}
	}
	for name, want := range map[string]string{"max_load": "most loaded consumer's records", "deviation": "deviation", "some_figure": "some figure"} {
		if got := figureWords(name); got != want {
			t.Errorf("figureWords(%s) = %q, want %q", name, got, want)
		}
	}
	if got := keyShort(sim.KeyNone); got != "no" {
		t.Errorf("keyShort(none) = %q", got)
	}
}
