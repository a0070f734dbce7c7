package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"partlab/sim"
)

// featured returns a grid as a report shows it: a grid on the kafka engine
// shows Kafka's rows where the simulation's would be. Kafka's rows stay
// beside the simulation's in the agreement table either way.
func featured(r *sim.GridResult) *sim.GridResult {
	if r.Engine != sim.EngineKafka || r.Kafka == nil {
		return r
	}
	f := *r
	f.Rows = make([]sim.Row, len(r.Kafka.Rows))
	for i, o := range r.Kafka.Rows {
		f.Rows[i] = o.Row
	}
	return &f
}

// agreementText prints, for a grid measured on Kafka, every combination's
// figures with whether Kafka's equal the simulation's: one "both" line when
// they do, a "kafka" and a "sim" line when they do not, the differing
// figures named and their known cause given.
func agreementText(w io.Writer, r *sim.GridResult) {
	o := r.Kafka
	if o == nil {
		return
	}
	fmt.Fprintf(w, "\nkafka engine (%s) beside the simulation: %d of %d rows agree\n", o.Cluster, o.Agreeing, len(o.Rows))
	fmt.Fprintln(w, "key        partitions consumers engine max load min load  idle split     rows  agreement")
	line := func(k sim.Key, partitions, consumers, engine string, row sim.Row, note string) {
		fmt.Fprintf(w, "%-10s %10s %9s %-6s %8d %8d %5d %5d %8d",
			k, partitions, consumers, engine, row.MaxLoad, row.MinLoad, row.Idle, row.Split, row.Rows)
		if note != "" {
			fmt.Fprint(w, "  ", note)
		}
		fmt.Fprintln(w)
	}
	for i, k := range o.Rows {
		p, c := strconv.Itoa(k.Partitions), strconv.Itoa(k.Consumers)
		if k.Agrees() {
			line(k.Key, p, c, "both", k.Row, "agrees")
			continue
		}
		note := "differs in " + strings.Join(k.Differ, ", ")
		if k.Reason != "" {
			note += ": " + k.Reason
		}
		line(k.Key, p, c, "kafka", k.Row, note)
		line("", "", "", "sim", r.Rows[i], "")
	}
}

// kafkaHead are the CSV columns of Kafka's figures, present when a grid of
// the notebook was measured on Kafka.
var kafkaHead = []string{"engine", "kafka_max_load", "kafka_min_load", "kafka_idle", "kafka_split", "kafka_rows", "kafka_loads", "kafka_sizes", "kafka_differ", "kafka_reason"}

// kafkaColumns are row i's Kafka columns: empty for a grid that was not
// measured on Kafka.
func kafkaColumns(g *sim.GridResult, i int) []string {
	cols := make([]string, len(kafkaHead))
	cols[0] = string(g.Engine)
	if g.Kafka == nil {
		return cols
	}
	k := g.Kafka.Rows[i]
	copy(cols[1:], []string{itoa(k.MaxLoad), itoa(k.MinLoad), itoa(k.Idle), itoa(k.Split), itoa(k.Rows),
		ints(k.Loads), ints(k.Sizes), strings.Join(k.Differ, " "), k.Reason})
	return cols
}

// agreementTable sets Kafka's figures beside the simulation's: one row per
// combination and engine, and whether they agree.
func agreementTable(r *sim.GridResult) table {
	o := r.Kafka
	t := table{
		Caption: fmt.Sprintf("On Kafka (%s) beside the simulation: %d of %d combinations agree in every figure",
			clusterName(o.Cluster), o.Agreeing, len(o.Rows)),
		Columns: []column{label("key"), num("partitions"), num("consumers"), label("engine"), num("max load"),
			num("min load"), num("idle"), num("split"), num("rows"), label("agreement")},
	}
	add := func(start bool, engine string, row sim.Row, note string) {
		t.add(start, string(row.Key), itoa(row.Partitions), itoa(row.Consumers), engine, itoa(row.MaxLoad),
			itoa(row.MinLoad), itoa(row.Idle), itoa(row.Split), itoa(row.Rows), note)
	}
	for i, k := range o.Rows {
		if k.Agrees() {
			add(true, "both", k.Row, "agrees")
			continue
		}
		add(true, "kafka", k.Row, "differs in "+strings.Join(k.Differ, ", "))
		add(false, "sim", r.Rows[i], "")
	}
	return t
}

// clusterName says where the Kafka engine ran.
func clusterName(cluster string) string {
	if cluster == "kfake" {
		return "an in-process kfake cluster"
	}
	return "the given brokers"
}

// An agreementStory is what the Kafka run says beside the simulation, in
// templates/narrative/agreement.md's order.
type agreementStory struct {
	Cluster  string
	Rows     int
	Agreeing int
	Differ   []sim.ObservedRow
	Reasons  []string // the known causes of the differing rows, each once
	Unknown  int      // differing rows with no known cause
}

func newAgreementStory(r *sim.GridResult) agreementStory {
	o := r.Kafka
	s := agreementStory{Cluster: clusterName(o.Cluster), Rows: len(o.Rows), Agreeing: o.Agreeing}
	for _, k := range o.Rows {
		switch {
		case k.Agrees():
			continue
		case k.Reason == "":
			s.Unknown++
		case !slices.Contains(s.Reasons, k.Reason):
			s.Reasons = append(s.Reasons, k.Reason)
		}
		s.Differ = append(s.Differ, k)
	}
	return s
}
