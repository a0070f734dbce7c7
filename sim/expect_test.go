package sim

import "testing"

func TestExpectation(t *testing.T) {
	for _, tc := range []struct {
		name   string
		e      Expectation
		actual float64
		held   bool
		words  string
	}{
		{"equals exactly", Expectation{Figure: "keys.rows@record/4/4", Bound: Equals, Value: 527}, 527, true, "keys.rows@record/4/4 is 527, expected 527"},
		{"equals is exact", Expectation{Figure: "c.speedup@8", Bound: Equals, Value: 7.5}, 7.500000000000001, false, "c.speedup@8 is 7.500000000000001, expected 7.5"},
		{"within tolerance", Expectation{Figure: "c.speedup@8", Bound: Equals, Value: 7.5, Tolerance: 0.25}, 7.75, true, "c.speedup@8 is 7.75, expected 7.5 ± 0.25"},
		{"past tolerance", Expectation{Figure: "c.speedup@8", Bound: Equals, Value: 7.5, Tolerance: 0.25}, 7.8, false, "c.speedup@8 is 7.8, expected 7.5 ± 0.25"},
		{"at least, on the bound", Expectation{Figure: "c.speedup@8", Bound: AtLeast, Value: 7.5}, 7.5, true, "c.speedup@8 is 7.5, expected at least 7.5"},
		{"at least, below", Expectation{Figure: "c.speedup@8", Bound: AtLeast, Value: 7.5}, 7.49, false, "c.speedup@8 is 7.49, expected at least 7.5"},
		{"at most, on the bound", Expectation{Figure: "c.idle@16", Bound: AtMost, Value: 2}, 2, true, "c.idle@16 is 2, expected at most 2"},
		{"at most, above", Expectation{Figure: "c.idle@16", Bound: AtMost, Value: 2}, 8, false, "c.idle@16 is 8, expected at most 2"},
		{"no bound holds nothing", Expectation{Figure: "c.idle@16"}, 0, false, "c.idle@16 is 0, expected 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.e.Holds(tc.actual); got != tc.held {
				t.Errorf("Holds(%v) = %v, want %v", tc.actual, got, tc.held)
			}
			if got := (Outcome{Expectation: tc.e, Actual: tc.actual}).String(); got != tc.words {
				t.Errorf("String() = %q, want %q", got, tc.words)
			}
		})
	}
}

func TestResultsExpect(t *testing.T) {
	sz := Sizing{ID: "s", Target: 60000, PerConsumer: 8000, Headroom: 50}
	rs, err := Run(t.Context(), Source{}, []Cell{sz})
	if err != nil {
		t.Fatal(err)
	}
	minimum, err := rs.Figure("s.minimum")
	if err != nil {
		t.Fatal(err)
	}
	out, err := rs.Expect([]Expectation{{Figure: "s.minimum", Bound: Equals, Value: minimum}, {Figure: "s.minimum", Bound: AtMost, Value: minimum - 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !out[0].Held || out[1].Held || out[0].Actual != minimum {
		t.Errorf("outcomes %+v, want the first held and the second missed, both at %v", out, minimum)
	}
	if _, err := rs.Expect([]Expectation{{Figure: "s.nothing", Bound: Equals}}); err == nil {
		t.Error("an unknown figure gave no error")
	}
}
