package sim_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/specgen"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// workPerCost is, for each kind, the most units of counted work a cell may
// do per record visit its Cost states: one constant per kind, whatever its
// spec. A kind without one fails TestCostCoversWork.
var workPerCost = map[sim.Kind]int64{
	sim.KindAssignment:  2,
	sim.KindGrid:        2,
	sim.KindGroups:      3,
	sim.KindKeyless:     2,
	sim.KindLag:         2,
	sim.KindOffsets:     2,
	sim.KindOrdering:    2,
	sim.KindPredictions: 2,
	sim.KindRebalance:   12,
	sim.KindRepartition: 2,
	sim.KindSizing:      2,
	sim.KindSpread:      5,
	sim.KindThroughput:  2,
}

// testBudget keeps the generated specs quick to compute; the corpus holds
// each kind's worst cases at its bounds.
var testBudget = sim.Budget{Visits: 4_000_000, Rows: 4096, Output: 64 << 20}

// TestCostCoversWork holds every kind's Cost to the work its computation
// counts (sim.Work): specs of every kind drawn across their bounds
// (specgen), and the corpus's worst cases (testdata/work/KIND.yaml), each
// within workPerCost[kind] units of work per visit its cost states. A cost
// that misses a loop of its computation (a scan of every partition at every
// switch, of every member at every step) fails here at the spec that shows
// it.
func TestCostCoversWork(t *testing.T) {
	g, err := specgen.New(27)
	if err != nil {
		t.Fatal(err)
	}
	perKind := 30
	if testing.Short() {
		perKind = 5
	}
	for _, kind := range scenarios.Kinds() {
		k, ok := workPerCost[kind]
		if !ok {
			t.Errorf("%s: no constant in workPerCost", kind)
			continue
		}
		var worst float64
		check := func(name string, s *scenarios.Scenario) {
			cells := s.SimCells()
			work, err := cellWork(t.Context(), s.Source, cells)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cost := cells[len(cells)-1].Cost(s.Source).Visits
			if work > k*max(cost, 1) {
				t.Errorf("%s: %d units of work for a cost of %d visits; the most is %d× (%s)", name, work, cost, k, s.Cells[len(s.Cells)-1].Input)
			}
			worst = max(worst, float64(work)/float64(max(cost, 1)))
		}
		for i := 0; i < perKind; i++ {
			req, err := g.Request(kind)
			if err != nil {
				t.Fatal(err)
			}
			s, err := scenarios.ParseCell(specgen.Name, req.Source, req.Above, scenarios.CellSpec{Kind: req.Kind, Spec: req.Spec})
			if err != nil || s.CheckBudget(testBudget, false) != nil {
				continue
			}
			check(string(kind)+"/generated", s)
		}
		file := filepath.Join("testdata", "work", string(kind)+".yaml")
		edges, err := os.ReadFile(file)
		switch {
		case errors.Is(err, os.ErrNotExist):
			t.Errorf("%s: no corpus of its worst cases (%s)", kind, file)
		case err != nil:
			t.Fatal(err)
		default:
			for i, s := range corpus(t, file, edges) {
				check(file+"#"+string(rune('0'+i)), s)
			}
		}
		t.Logf("%s: at most %.2f units of work per visit (k = %d)", kind, worst, k)
	}
}

// corpus is each computation of a corpus file as a scenario of its own,
// with the cells above it.
func corpus(t *testing.T, file string, data []byte) []*scenarios.Scenario {
	t.Helper()
	s, err := scenarios.Parse(strings.NewReader(string(data)), file)
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenarios.Scenario
	for i, c := range s.Cells {
		if c.Sim == nil {
			continue
		}
		one := *s
		one.Cells = s.Cells[:i+1]
		out = append(out, &one)
	}
	return out
}

// cellWork is the work of the last of cells alone: the cells' work less
// that of the cells above it.
func cellWork(ctx context.Context, src sim.Source, cells []sim.Cell) (int64, error) {
	var above, all sim.Work
	if _, err := sim.RunCounted(ctx, src, cells[:len(cells)-1], &above); err != nil {
		return 0, err
	}
	if _, err := sim.RunCounted(ctx, src, cells, &all); err != nil {
		return 0, err
	}
	return all.Units() - above.Units(), nil
}

// FuzzScenario runs whole scenario files of every kind that the budget
// admits and holds their counted work to their costs: a file the budget
// passes never does more than its kinds' constants allow, and never
// crashes the engine. Its seeds are the kinds' corpus files.
func FuzzScenario(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "work", "*.yaml"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no corpus files: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := scenarios.Parse(strings.NewReader(src), "f.yaml")
		if err != nil || s.CheckBudget(testBudget, false) != nil {
			return
		}
		cells := s.SimCells()
		var allowed int64
		for _, c := range cells {
			allowed += workPerCost[c.Kind()] * max(c.Cost(s.Source).Visits, 1)
		}
		var w sim.Work
		if _, err := sim.RunCounted(t.Context(), s.Source, cells, &w); err != nil {
			return // a cell that leans on a broken one, reported as an error
		}
		if w.Units() > allowed {
			t.Errorf("%d units of work for costs that allow %d", w.Units(), allowed)
		}
	})
}
