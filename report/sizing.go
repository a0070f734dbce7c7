package report

import (
	"fmt"
	"io"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var sizingKind = newKind(kindSpec[*sim.SizingResult]{
	title:     "How many partitions",
	narrative: "sizing.md",
	view:      sizingView,
	text:      sizingText,
})

// sizingView shows drill D4: the partition count a target rate needs, and
// the count recommended with headroom.
func sizingView(p *pageState, c computation, r *sim.SizingResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s records/s at %s per consumer, %d%% headroom", format.Thousands(r.Target), format.Thousands(r.PerConsumer), r.Headroom))
	t := table{Caption: "Partitions for the target rate (rates in records/s)", Columns: []column{num("target rate"), num("one consumer"),
		num("minimum"), num("headroom"), num("recommended")}}
	t.add(false, format.Thousands(r.Target), format.Thousands(r.PerConsumer), itoa(r.Minimum), itoa(r.Headroom)+"%", itoa(r.Recommended))
	v.tables(t)
	return v.done(r)
}

func sizingText(w io.Writer, c cell, r *sim.SizingResult) {
	fmt.Fprintf(w, "target %d records/s, one consumer %d records/s: at least %d partitions; with %d%% headroom %d\n",
		r.Target, r.PerConsumer, r.Minimum, r.Headroom, r.Recommended)
}
