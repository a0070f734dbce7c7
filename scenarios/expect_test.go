package scenarios

import (
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

func TestExpect(t *testing.T) {
	src := `title: t
cells:
  - sizing: {id: s, target: 10, per_consumer: 5}
expect:
  - figure: g.rows@record/4/4
    equals: 527
    tolerance: 0.5
    why: the record key splits subscribers
  - {figure: s.minimum, at_most: 2}
  - figure: s.recommended
    at_least: 1
  - figure: g.rows@subscriber/4/4
    equals: 2200
`
	// The grid comes after the sizing: an expectation names any cell.
	src = strings.Replace(src, "expect:", "  - grid: {id: g, keys: [subscriber, record], partitions: [4], consumers: [4]}\nexpect:", 1)
	s, err := Parse(strings.NewReader(src), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := []Expect{
		{sim.Expectation{Figure: "g.rows@record/4/4", Bound: sim.Equals, Value: 527, Tolerance: 0.5, Why: "the record key splits subscribers"}, Pos{6, 5}},
		{sim.Expectation{Figure: "s.minimum", Bound: sim.AtMost, Value: 2}, Pos{10, 5}},
		{sim.Expectation{Figure: "s.recommended", Bound: sim.AtLeast, Value: 1}, Pos{11, 5}},
		{sim.Expectation{Figure: "g.rows@subscriber/4/4", Bound: sim.Equals, Value: 2200}, Pos{13, 5}},
	}
	if len(s.Expect) != len(want) {
		t.Fatalf("got %d expectations, want %d: %+v", len(s.Expect), len(want), s.Expect)
	}
	for i := range want {
		if s.Expect[i] != want[i] {
			t.Errorf("expect[%d] = %+v, want %+v", i, s.Expect[i], want[i])
		}
	}
}

func TestBadExpect(t *testing.T) {
	const head = "title: t\ncells:\n  - sizing: {id: s, target: 10, per_consumer: 5}\n  - throughput: {id: c, partitions: 4, consumers: [2, 8]}\nexpect:\n"
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"not a list", head + "  figure: s.minimum\n", "x.yaml:6:3: expect: must be a list (got a mapping)"},
		{"no bound", head + "  - {figure: s.minimum}\n", "x.yaml:6:5: expect[0]: needs exactly one of equals, at_least or at_most (got none)"},
		{"two bounds", head + "  - {figure: s.minimum, at_least: 1, at_most: 2}\n", "expect[0]: needs exactly one of equals, at_least or at_most (got at_least and at_most)"},
		{"no figure", head + "  - {equals: 1}\n", `expect[0]: missing required field "figure"`},
		{"unknown field", head + "  - {figure: s.minimum, equals: 1, because: x}\n", "expect[0].because: unknown field (want one of at_least, at_most, equals, figure, tolerance, why)"},
		{"tolerance on a bound", head + "  - {figure: s.minimum, at_most: 2, tolerance: 1}\n", "x.yaml:6:48: expect[0].tolerance: applies to equals only; for at_most, move the bound instead"},
		{"negative tolerance", head + "  - {figure: s.minimum, equals: 2, tolerance: -1}\n", "expect[0].tolerance: must be between 0 and 1e+12 (got -1)"},
		{"not a number", head + "  - {figure: s.minimum, equals: two}\n", `expect[0].equals: must be a number between -1e+12 and 1e+12 (got "two")`},
		{"unknown cell", head + "  - {figure: x.minimum, equals: 2}\n", `x.yaml:6:14: expect[0].figure: no cell computes "x.minimum" (nearest: s.minimum)`},
		{"unknown figure", head + "  - {figure: s.maximum, equals: 2}\n", `expect[0].figure: the sizing cell "s" computes no "maximum" (nearest: s.minimum)`},
		{"unknown member", head + "  - {figure: c.speedup@4, equals: 2}\n", `expect[0].figure: the throughput cell "c" computes no "speedup@4" (nearest: c.speedup@2, c.speedup@8)`},
		{"unknown family", head + "  - {figure: c.spedup@8, equals: 2}\n", `expect[0].figure: the throughput cell "c" computes no "spedup@8" (nearest: c.speedup@8, c.speedup@2)`},
		{"no computation", "title: t\ncells:\n  - md: hi\nexpect:\n  - {figure: s.minimum, equals: 2}\n", `expect[0].figure: no cell computes "s.minimum": the scenario has no computation`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader(tc.yaml), "x.yaml")
			if err == nil {
				t.Fatalf("parsed %+v, want an error", s)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
}
