package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"partlab/sim"
)

// Text writes the lesson's printed tables for every computation of the
// notebook, in the lesson's fixed-width layout, a blank line between cells.
// For the lesson's scenario it is byte for byte the lesson's printed output.
func Text(w io.Writer, nb Notebook) error {
	bw := bufio.NewWriter(w)
	for i, r := range nb.Results {
		if i > 0 {
			bw.WriteString("\n")
		}
		switch r := r.(type) {
		case *sim.GridResult:
			gridText(bw, featured(r))
			agreementText(bw, r)
		case *sim.OffsetsResult:
			offsetsText(bw, r)
		case *sim.SpreadResult:
			spreadText(bw, r)
		case *sim.ThroughputResult:
			throughputText(bw, r)
		case *sim.OrderingResult:
			orderingText(bw, r)
		case *sim.RepartitionResult:
			repartitionText(bw, r)
		case *sim.AssignmentResult:
			assignmentText(bw, r)
		case *sim.GroupsResult:
			groupsText(bw, r)
		case *sim.SizingResult:
			sizingText(bw, r)
		case *sim.PredictionsResult:
			predictionsText(bw, r)
		}
	}
	return bw.Flush()
}

// gridText prints the lesson's first table once per consumer count, then the
// serving-deviation table for the grid's chosen rows.
func gridText(w io.Writer, r *sim.GridResult) {
	for _, c := range r.Grid.Consumers {
		fmt.Fprintln(w, "consumer group", c, "consumers , consumption on the healthy pipeline", r.Baseline.Rows, "rows")
		fmt.Fprintln(w, "key        partitions max load min load  idle split subscribers computed consumption")
		for _, row := range r.Rows {
			if row.Consumers != c {
				continue
			}
			fmt.Fprintf(w, "%-10s %10d %8d %8d %5d %17d %20d\n",
				row.Key, row.Partitions, row.MaxLoad, row.MinLoad, row.Idle, row.Split, row.Rows)
		}
	}
	if len(r.Grid.Deviation) == 0 {
		return
	}
	fmt.Fprintln(w, "key        partitions computed consumption  serving deviation")
	for _, combo := range r.Grid.Deviation {
		row, _ := r.Row(combo.Key, combo.Partitions, r.Grid.Consumers[0])
		fmt.Fprintf(w, "%-10s %10d %20d   %s\n", row.Key, row.Partitions, row.Rows, pyDict(row.Deviation))
	}
}

// pyDict formats per-region values as Python prints a dict of floats.
func pyDict(rs sim.Regions) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = pyStr(r.Region) + ": " + pyFloat(r.Value)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// offsetsText prints the lesson's closing lines about one partition.
func offsetsText(w io.Writer, r *sim.OffsetsResult) {
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
