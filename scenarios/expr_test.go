package scenarios

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

func TestEvalExpr(t *testing.T) {
	lookup := func(name string) (int64, error) {
		if name == "partitions" {
			return 8, nil
		}
		return 0, noName("unknown name " + name)
	}
	tests := []struct {
		name, src string
		want      int64
		err       string // a part of the error; "" for none
	}{
		{"a number", "12", 12, ""},
		{"a name", "partitions", 8, ""},
		{"half", "partitions/2", 4, ""},
		{"twice", "2*partitions", 16, ""},
		{"precedence", "1+2*partitions", 17, ""},
		{"parentheses", "(partitions+1)/2", 4, ""},
		{"left to right", "20-partitions-2", 10, ""},
		{"floor division", "7/2", 3, ""},
		{"floor of a negative", "-7/2", -4, ""},
		{"negative divisor", "7/-2", -4, ""},
		{"unary minus twice", "- -3", 3, ""},
		{"spaces", " 2 * partitions ", 16, ""},
		{"division by zero", "partitions/(partitions-8)", 0, "division by zero"},
		{"unknown name", "2*parts", 0, "unknown name parts"},
		{"missing operand", "2*", 0, "ends where a number or a name is wanted"},
		{"unclosed", "(partitions", 0, "missing ) for the ( at byte 1"},
		{"stray token", "partitions)", 0, `unexpected ")"`},
		{"unknown operator", "partitions%2", 0, `unexpected "%"`},
		{"overflow", "4611686018427387904*4", 0, "out of range"},
		{"number too large", "99999999999999999999", 0, "out of range"},
		{"too deep", strings.Repeat("(", maxExprDepth+1) + "1" + strings.Repeat(")", maxExprDepth+1), 0, "nests deeper than 8"},
		{"deepest allowed", strings.Repeat("(", maxExprDepth) + "1" + strings.Repeat(")", maxExprDepth), 1, ""},
		{"too long", strings.Repeat("1+", maxExprLen/2) + "1", 0, "at most 100 are allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := evalExpr(tc.src, lookup)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("evalExpr(%q): %v", tc.src, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("evalExpr(%q) = %d, %v; want an error containing %q", tc.src, got, err, tc.err)
			case tc.err == "" && got != tc.want:
				t.Errorf("evalExpr(%q) = %d, want %d", tc.src, got, tc.want)
			}
		})
	}
}

// A cell's whole-number fields derive from its others; the figures named
// relative to them resolve to the members the cell computes.
func TestDerivedFields(t *testing.T) {
	const src = `title: t
cells:
  - throughput: {id: ceiling, partitions: %s, consumers: [1, 2, partitions/2, partitions, 2*partitions]}
  - predictions:
      - {name: P2, actual: ceiling.speedup@partitions}
      - {name: P3, actual: ceiling.idle@2*partitions}
      - {name: P4, actual: ceiling.idle@1}
expect:
  - {figure: ceiling.idle@2*partitions, equals: partitions}
`
	tests := []struct {
		partitions string
		consumers  []int
		figures    []string // P2, P3, P4, then the expectation's
		bound      float64
	}{
		{"6", []int{1, 2, 3, 6, 12}, []string{"ceiling.speedup@6", "ceiling.idle@12", "ceiling.idle@1", "ceiling.idle@12"}, 6},
		{"8", []int{1, 2, 4, 8, 16}, []string{"ceiling.speedup@8", "ceiling.idle@16", "ceiling.idle@1", "ceiling.idle@16"}, 8},
		{"12", []int{1, 2, 6, 12, 24}, []string{"ceiling.speedup@12", "ceiling.idle@24", "ceiling.idle@1", "ceiling.idle@24"}, 12},
	}
	for _, tc := range tests {
		t.Run("P="+tc.partitions, func(t *testing.T) {
			s, err := Parse(strings.NewReader(strings.Replace(src, "%s", tc.partitions, 1)), "x.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Cells[0].Sim.(sim.Throughput).Consumers; !slices.Equal(got, tc.consumers) {
				t.Errorf("consumers %v, want %v", got, tc.consumers)
			}
			var got []string
			for _, r := range s.Refs {
				got = append(got, r.Figure)
			}
			if strings.Join(got, " ") != strings.Join(tc.figures, " ") {
				t.Errorf("refs resolve to %v, want %v", got, tc.figures)
			}
			if r := s.Refs[2]; r.Relative() || r.Written != "ceiling.idle@1" {
				t.Errorf("a literal reference reads as relative: %+v", r)
			}
			if s.Expect[0].Value != tc.bound || s.Expect[0].Figure != tc.figures[3] {
				t.Errorf("expectation %+v, want %s equals %g", s.Expect[0].Expectation, tc.figures[3], tc.bound)
			}
			if f, err := s.ResolveFigure("ceiling.wall_s@partitions/2"); err != nil || f != "ceiling.wall_s@"+strconv.Itoa(tc.consumers[2]) {
				t.Errorf("ResolveFigure = %q, %v", f, err)
			}
		})
	}
}
