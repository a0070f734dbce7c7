package sim

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/near"
)

// A figure is one named number of a kind's result, as predictions, the
// page's figure function and expectations name it: "covered", or a member of
// a family such as "speedup@8". when, if set, says whether a cell computes
// the figure at all (a spread without a hot key has no hot_partitions).
type figure[C Cell, R any] struct {
	name  string
	value func(R) float64
	when  func(C) bool
}

// A figureTable is one kind's figures: plain ones, and one family "name@M"
// whose members M come from the cell's spec (the consumer counts, the group
// names) and whose values come from the member's row W of the result.
// Both the list of names and the lookup read it, so they cannot disagree.
type figureTable[C Cell, R Result, W any] struct {
	figures []figure[C, R]
	members func(C) []string          // the family's members, in the spec's order
	row     func(R, string) (W, bool) // a member's row of the result
	family  []figure[C, W]
}

// figureSet is a figureTable with its types put away, so that every kind's
// table answers the same two questions.
type figureSet interface {
	names(Cell) []string
	value(Result, string) (float64, bool)
	pattern() (plain, family []string)
}

func (t figureTable[C, R, W]) pattern() (plain, family []string) {
	for _, f := range t.figures {
		plain = append(plain, f.name)
	}
	for _, f := range t.family {
		family = append(family, f.name)
	}
	return plain, family
}

func (t figureTable[C, R, W]) names(c Cell) []string {
	spec := c.(C)
	var names []string
	for _, f := range t.figures {
		if f.when == nil || f.when(spec) {
			names = append(names, f.name)
		}
	}
	if t.members != nil {
		for _, m := range t.members(spec) {
			for _, f := range t.family {
				if f.when == nil || f.when(spec) {
					names = append(names, f.name+"@"+m)
				}
			}
		}
	}
	return names
}

func (t figureTable[C, R, W]) value(r Result, name string) (float64, bool) {
	res, ok := r.(R)
	if !ok {
		return 0, false
	}
	for _, f := range t.figures {
		if f.name == name {
			return f.value(res), true
		}
	}
	figure, member, ok := strings.Cut(name, "@")
	if !ok || t.row == nil {
		return 0, false
	}
	for _, f := range t.family {
		if f.name == figure {
			if w, ok := t.row(res, member); ok {
				return f.value(w), true
			}
		}
	}
	return 0, false
}

// FigureTable lists the figures a cell of c's kind may compute, from its
// figure table alone, whatever the cell's spec: the plain figures, and the
// family's names, each of which is "name@M" for every member M the spec
// lists. The docs' reference is printed from it.
func FigureTable(c Cell) (plain, family []string) {
	if t := c.figures(); t != nil {
		return t.pattern()
	}
	return nil, nil
}

// FigureNames lists the figures a cell computes, from its spec alone, before
// anything is computed: scenarios checks the figures predictions name with it.
func FigureNames(c Cell) []string { return c.figures().names(c) }

// Results are a scenario's computations: All[i] is the computation of
// Cells[i], whatever the engines that ran it. Data is the source they read,
// nil when no cell needed it; the Kafka engine puts the same readings
// through Kafka.
type Results struct {
	Cells []Cell
	All   []Computed
	Data  *Data
}

// A Computed is one cell's computation: the simulation's result and, where
// the cell also ran on Kafka or was measured for real, what those found,
// each of the type the kind's file names (a grid's Kafka is a
// *GridObserved, a throughput's Measured a *ThroughputMeasurement), with
// its agreement with the simulation. Run fills Result; package sim/kafka
// and package sim/measure add the others, so a report reads the one value.
type Computed struct {
	Result   Result
	Kafka    any // nil unless the cell ran on the Kafka engine
	Measured any // nil unless the cell was measured (--measure)
}

// Of returns the result of the cell with the given id.
func (rs Results) Of(id string) (Cell, Result, bool) {
	for i, c := range rs.Cells {
		if c.CellID() == id && i < len(rs.All) {
			return c, rs.All[i].Result, true
		}
	}
	return nil, nil, false
}

// Figure resolves "id.figure", such as "ceiling.speedup@8" or
// "keys.max_load@record/4/4"; a name no cell computes is an error that names
// the nearest that exist (NoFigure). It is the one resolver of figure names:
// predictions, the page's templates and expectations all read figures
// through it.
func (rs Results) Figure(ref string) (float64, error) {
	id, name, _ := strings.Cut(ref, ".")
	if c, r, ok := rs.Of(id); ok && slices.Contains(FigureNames(c), name) {
		if v, ok := c.figures().value(r, name); ok {
			return v, nil
		}
	}
	return 0, errors.New(NoFigure(ref, rs.Cells[:len(rs.All)], "no cell"))
}

// nearFigures is how many names NoFigure offers: a grid computes hundreds,
// and the one an author meant is among the few nearest.
const nearFigures = 5

// NoFigure is the message for ref, "id.figure", which none of cells
// computes: what the cell named computes no such figure, or, when the id
// names none of them, that none (as in "no cell before this one") computes
// it; then the nearest names, by edit distance among the cell's own figures
// when the id names a cell, and among every cell's otherwise. Predictions,
// expectations and the page's templates all say it, so that a typo gives the
// same few names wherever it is made.
func NoFigure(ref string, cells []Cell, none string) string {
	id, name, _ := strings.Cut(ref, ".")
	var offer []string
	for _, c := range cells {
		if c.CellID() != id {
			continue
		}
		names := FigureNames(c)
		if len(names) == 0 {
			return fmt.Sprintf("the %s cell %q has no named figures", c.Kind(), id)
		}
		for _, f := range names {
			offer = append(offer, id+"."+f)
		}
		return fmt.Sprintf("the %s cell %q computes no %q%s", c.Kind(), id, name, nearest(ref, offer))
	}
	if len(cells) == 0 {
		return fmt.Sprintf("%s computes %q: the scenario has no computation", none, ref)
	}
	for _, c := range cells {
		for _, f := range FigureNames(c) {
			offer = append(offer, c.CellID()+"."+f)
		}
	}
	return fmt.Sprintf("%s computes %q%s", none, ref, nearest(ref, offer))
}

// nearest is " (nearest: a, b)", the names of offer nearest ref, or "".
func nearest(ref string, offer []string) string {
	names := near.Nearest(ref, offer, nearFigures)
	if len(names) == 0 {
		return ""
	}
	return " (nearest: " + strings.Join(names, ", ") + ")"
}

// Figures returns every figure of the computation All[i] by name, the values
// Figure resolves one at a time, in one pass over the cell's figure table.
func (rs Results) Figures(i int) map[string]float64 {
	c, r := rs.Cells[i], rs.All[i].Result
	t := c.figures()
	out := map[string]float64{}
	for _, name := range t.names(c) {
		if v, ok := t.value(r, name); ok {
			out[name] = v
		}
	}
	return out
}

// CompareFigureNames orders figure names as a reader counts: runs of digits
// compare as numbers, the rest byte by byte, so "speedup@2" comes before
// "speedup@16" and "max_load@record/4/8" before "max_load@record/16/4".
// Every list of figure names that a reader sees (figures.csv, diff) is in
// this order; names that differ only in leading zeros fall back on bytes.
func CompareFigureNames(a, b string) int {
	return cmp.Or(compareCounting(a, b), strings.Compare(a, b))
}

func compareCounting(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb)); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digitRun is the length of the run of ASCII digits that s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}
