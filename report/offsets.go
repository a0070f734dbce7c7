package report

import (
	"fmt"

	"partlab/sim"
)

// offsetsData is the data of templates/cells/offsets.html: one partition's
// first records with their offsets, and the partitions that hold its first
// subscriber's records under each key.
type offsetsData struct {
	ID, Input     string
	R             *sim.OffsetsResult
	First, Spread table
}

func offsetsView(p *pageState, c cell, r *sim.OffsetsResult) (any, error) {
	d := offsetsData{ID: c.ID, Input: c.Input, R: r}
	d.First = table{
		Caption: fmt.Sprintf("First records of partition %d", r.Partition),
		Columns: []column{label("subscriber"), label("period"), num("offset")},
	}
	for _, f := range r.First {
		d.First.add(false, f.Subscriber, f.Period, itoa(f.Offset))
	}
	d.Spread = table{
		Caption: fmt.Sprintf("Partitions holding %s's records", r.Subscriber),
		Columns: []column{label("key"), label("partitions")},
	}
	for _, s := range r.Spread {
		l, _ := list(s.Partitions)
		d.Spread.add(false, string(s.Key), l)
	}
	return d, nil
}
