package report

import (
	"fmt"
	"io"
	"strings"

	"partlab/sim"
)

// The Day 24 lab's printed parts, one function per cell kind, in the lab's
// wording.

func spreadText(w io.Writer, r *sim.SpreadResult) {
	fmt.Fprintf(w, "%d different keys spread across the %d partitions (%s):\n", r.Keys, r.Partitions, r.Partitioner)
	var head, recs strings.Builder
	for p, n := range r.Records {
		fmt.Fprintf(&head, " %5s", fmt.Sprintf("p%d", p))
		fmt.Fprintf(&recs, " %5d", n)
	}
	fmt.Fprintf(w, "  partition:%s\n  records:  %s\n", head.String(), recs.String())
	fmt.Fprintf(w, "partitions that got at least one key: %d of %d\n", r.Covered, r.Partitions)
	for _, p := range r.Probes {
		fmt.Fprintf(w, "key %s -> partition p%d\n", p.Key, p.Partition)
	}
	if r.Hot != nil {
		fmt.Fprintf(w, "the one key %s, sent %d times, landed in %d partition(s)\n", pyStr(r.Hot.Key), r.Hot.Sent, len(r.Hot.Partitions))
	}
}

func throughputText(w io.Writer, r *sim.ThroughputResult) {
	fmt.Fprintf(w, "%d partitions, %s, %d records total, %s ms of work per record.\n",
		len(r.Sizes), sizesText(r.Sizes), r.Records, short(r.WorkMS))
	throughputTable(w, r.Rows, len(r.Sizes))
	if r.Measured != nil {
		fmt.Fprintf(w, "measured on %s:\n", r.Measured.Machine)
		throughputTable(w, r.Measured.Rows, len(r.Sizes))
	}
}

// sizesText says "100 each" for equal partitions and lists them otherwise.
func sizesText(sizes []int) string {
	for _, n := range sizes {
		if n != sizes[0] {
			return ints(sizes) + " records"
		}
	}
	return fmt.Sprintf("%d records each", sizes[0])
}

func throughputTable(w io.Writer, rows []sim.ThroughputRow, partitions int) {
	fmt.Fprintln(w, "consumers   wall(s)   records/s   speedup   idle")
	for _, row := range rows {
		mark := ""
		if row.Consumers == partitions {
			mark = "   <- C = P"
		}
		fmt.Fprintf(w, "%9d %9.2f %11.0f %8.2fx %6d%s\n", row.Consumers, row.WallS, row.PerSecond, row.Speedup, row.Idle, mark)
	}
}

func orderingText(w io.Writer, r *sim.OrderingResult) {
	fmt.Fprintf(w, "%d records, %s written in turn, %d partitions (%s):\n", r.Records, plural(r.Keys, "key"), len(r.Logs), r.Partitioner)
	inv := 0
	for p, log := range r.Logs {
		if len(log) > 0 {
			fmt.Fprintf(w, "partition p%d, production seq order: %s\n", p, pyInts(log))
		}
		inv += r.LogInv[p]
	}
	fmt.Fprintf(w, "each partition on its own is in order, out-of-order count: %d\n", inv)
	if len(r.Read) == 2 {
		fmt.Fprintf(w, "now two consumers read p%d and p%d together at different speeds.\n", r.Read[0], r.Read[1])
	}
	fmt.Fprintf(w, "the order the app actually sees: %s\n", pyInts(r.Seen))
	fmt.Fprintf(w, "out-of-order count across the partitions read together: %d\n", r.Inversions)
	fmt.Fprintf(w, "per-key check: every key's own records, across the whole stream, out-of-order count: %d\n", r.KeyInv)
	fmt.Fprintf(w, "partitions holding records (consumers that can work at once): %d\n", r.Useful)
}

func repartitionText(w io.Writer, r *sim.RepartitionResult) {
	fmt.Fprintf(w, "%d keys, %d -> %d partitions (%s): %d keys move (%s%%)\n",
		r.Keys, r.From, r.To, r.Partitioner, r.Moved, short(100*r.Share))
	fmt.Fprintf(w, "busy key %s: partition p%d -> p%d; of %d records written after the change, %d can be read before the %d older ones\n",
		r.Busy, r.BusyFrom, r.BusyTo, r.After, r.Exposed, r.Before)
}

func assignmentText(w io.Writer, r *sim.AssignmentResult) {
	fmt.Fprintf(w, "%d partitions, %s assignor\n", r.Partitions, r.Assignor)
	fmt.Fprintln(w, "consumers useful  idle  partitions per consumer")
	for _, row := range r.Rows {
		fmt.Fprintf(w, "%9d %6d %5d  %s\n", row.Consumers, row.Useful, row.Idle, owned(row.Owned))
	}
}

func owned(parts [][]int) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = "[" + ints(p) + "]"
	}
	return strings.Join(s, " ")
}

func groupsText(w io.Writer, r *sim.GroupsResult) {
	fmt.Fprintf(w, "%d partitions, %d records; %s assignor in every group\n", r.Partitions, r.Records, r.Assignor)
	fmt.Fprintln(w, "group       consumers  received  partitions per member")
	for _, g := range r.Groups {
		fmt.Fprintf(w, "%-10s %10d %9d  %s\n", g.Name, len(g.Owned), g.Received, owned(g.Owned))
	}
}

func sizingText(w io.Writer, r *sim.SizingResult) {
	fmt.Fprintf(w, "target %d records/s, one consumer %d records/s: at least %d partitions; with %d%% headroom %d\n",
		r.Target, r.PerConsumer, r.Minimum, r.Headroom, r.Recommended)
}

func predictionsText(w io.Writer, r *sim.PredictionsResult) {
	for _, s := range r.Rows {
		verdict := "not close"
		if s.Close {
			verdict = "close enough"
		}
		fmt.Fprintf(w, "%-4s %-32s you = %6.1f   actual = %6.1f   %s\n", s.Name, s.Question, s.You, s.Actual, verdict)
	}
}
