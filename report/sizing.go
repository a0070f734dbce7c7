package report

import (
	"fmt"

	"partlab/sim"
)

// sizingView shows drill D4: the partition count a target rate needs, and
// the count recommended with headroom.
func sizingView(p *pageState, c cell, r *sim.SizingResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s records/s at %s per consumer, %d%% headroom", thousands(r.Target), thousands(r.PerConsumer), r.Headroom))
	t := table{Caption: "Partitions for the target rate (rates in records/s)", Columns: []column{num("target rate"), num("one consumer"),
		num("minimum"), num("headroom"), num("recommended")}}
	t.add(false, thousands(r.Target), thousands(r.PerConsumer), itoa(r.Minimum), itoa(r.Headroom)+"%", itoa(r.Recommended))
	v.tables(t)
	return v.done("sizing.md", r)
}
