package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

// offsetsData is the data of templates/cells/offsets.html: one partition's
// first records with their offsets, and the partitions that hold its first
// subscriber's records under each key.
type offsetsData struct {
	ID, Input     string
	R             *sim.OffsetsResult
	First, Spread table
}

var offsetsKind = newKind(kindSpec[*sim.OffsetsResult]{
	title:    "Records of one partition, in offset order",
	template: "offsets.html",
	view:     offsetsView,
	text:     offsetsText,
})

func offsetsView(p *pageState, c computation, r *sim.OffsetsResult) (any, error) {
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
		l, _ := format.List(s.Partitions)
		d.Spread.add(false, string(s.Key), l)
	}
	p.name(c.cell, &d.First, &d.Spread)
	return d, nil
}

// offsetsText prints the lesson's closing lines about one partition.
func offsetsText(w io.Writer, _ cell, r *sim.OffsetsResult) {
	if r.LastOffset < 0 {
		fmt.Fprintf(w, "%s-keyed partition %d : 0 records , no offset\n", r.Key, r.Partition)
		return
	}
	fmt.Fprintf(w, "%s-keyed partition %d : %d records , last offset %d\n", r.Key, r.Partition, r.Records, r.LastOffset)
	first := make([]string, len(r.First))
	for i, p := range r.First {
		first[i] = fmt.Sprintf("(%s, %s, %d)", pyStr(p.Subscriber), pyStr(p.Period), p.Offset)
	}
	fmt.Fprintf(w, "first three records : [%s]\n", strings.Join(first, ", "))
	for i, s := range r.Spread {
		if i == 0 {
			fmt.Fprintln(w, r.Subscriber, "partitions of its records :", pyInts(s.Partitions))
		} else {
			fmt.Fprintln(w, r.Subscriber, "under the", s.Key, "key :", pyInts(s.Partitions))
		}
	}
}
