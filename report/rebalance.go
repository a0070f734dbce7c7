package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var rebalanceKind = newKind(kindSpec[*sim.RebalanceResult]{
	title:       "Rebalances under each protocol",
	narrative:   "rebalance.md",
	view:        rebalanceView,
	text:        rebalanceText,
	json:        rebalanceJSON,
	conclusions: rebalanceConclusions,
})

// rebalanceKafka is what the group members the Kafka engine ran observed,
// nil when the cell did not run there.
func rebalanceKafka(c sim.Computed) *sim.RebalanceObserved {
	return found[*sim.RebalanceObserved](c.Kafka)
}

// rebalanceConclusions: eager_stops_the_world (every eager step with
// consumers stopped them all), cooperative_keeps_consuming (no cooperative
// or KIP-848 step stopped everyone), sticky_moves_fewest (no protocol moved
// fewer partitions in all than the sticky ones), and kafka_agrees when the
// cell ran on Kafka.
func rebalanceConclusions(_ Notebook, c cell, r *sim.RebalanceResult) map[string]bool {
	s := newRebalanceStory(r, rebalanceKafka(c.Computed))
	out := map[string]bool{
		"eager_stops_the_world":       s.EagerStops,
		"cooperative_keeps_consuming": s.KeepsConsuming,
		"sticky_moves_fewest":         s.StickyFewest,
	}
	if o := rebalanceKafka(c.Computed); o != nil {
		out["kafka_agrees"] = o.Agree
	}
	return out
}

// rebalanceJSON is a rebalance's entry in results.json: the simulation's
// result and, when it ran on Kafka, what the members observed.
func rebalanceJSON(c cell, r *sim.RebalanceResult) any {
	return struct {
		*sim.RebalanceResult
		Kafka *sim.RebalanceObserved `json:"kafka,omitempty"`
	}{r, rebalanceKafka(c.Computed)}
}

// rebalanceView shows each event's cost under every protocol, the
// assignment after every step, and, from Kafka, the agreement.
func rebalanceView(p *pageState, c computation, r *sim.RebalanceResult) (any, error) {
	s := newRebalanceStory(r, rebalanceKafka(c.Computed))
	events, _ := format.List(r.Events)
	v := newComputedView(p, c, fmt.Sprintf("%s; %s; %s", format.Plural(r.Partitions, "partition"), events, format.Plural(len(r.Runs), "protocol")))
	cost := table{Caption: "What each event cost, by protocol",
		Columns: []column{label("event"), label("protocol"), num("moved"), num("revoked"), num("rounds"), num("paused"), num("involved"), label("all stopped")}}
	if r.Static {
		cost.Columns = append(cost.Columns, num("rebalances"), num("held"))
	}
	// tally is a row's cells from moved on: a static group's also say how
	// many steps were rebalances and what returning members held.
	tally := func(t sim.RebalanceTally) []string {
		cells := []string{itoa(t.Moved), itoa(t.Revoked), itoa(t.Rounds), itoa(t.Paused), itoa(t.Involved), stoppedWords(t.Stopped)}
		if r.Static {
			cells = append(cells, itoa(t.Rebalances), itoa(t.Held))
		}
		return cells
	}
	for e, name := range r.Events {
		for i, run := range r.Runs {
			t := run.Events[e]
			cost.add(i == 0, append([]string{fmt.Sprintf("%d. %s", e+1, name), run.Protocol}, tally(t)...)...)
			if t.Stopped > 0 {
				cost.mark()
			}
		}
	}
	for i, run := range r.Runs {
		cost.add(i == 0, append([]string{"in all", run.Protocol}, tally(run.Total)...)...)
	}
	v.tables(cost)
	after := table{Caption: "Each member's partitions after each step", Columns: []column{label("step")}}
	for _, run := range r.Runs {
		after.Columns = append(after.Columns, wide(run.Protocol))
	}
	for i, step := range r.Runs[0].Steps {
		cells := []string{step.Label}
		for _, run := range r.Runs {
			cells = append(cells, members(run.Steps[i]))
		}
		after.add(i == 0 || step.Event != r.Runs[0].Steps[i-1].Event, cells...)
	}
	v.tables(after)
	v.chart(revokedChart("chart_"+c.ID+"_revoked", r))
	if o := rebalanceKafka(c.Computed); o != nil {
		v.tables(rebalanceAgreementByProtocol(o))
		v.folded(fmt.Sprintf("Every step on Kafka beside the simulation: %d of %d agree", o.Agreeing, o.Compared), rebalanceAgreement(o))
	}
	return v.done(s)
}

func stoppedWords(n int) string {
	if n == 0 {
		return "no"
	}
	return fmt.Sprintf("yes, %s", format.Plural(n, "time"))
}

// members is a step's assignment: "c0 [0 1] c1 [2]".
func members(s sim.RebalanceStep) string {
	if len(s.Members) == 0 {
		return "no members"
	}
	parts := make([]string, len(s.Members))
	for i, m := range s.Members {
		parts[i] = m + " [" + ints(s.Owned[i]) + "]"
	}
	return strings.Join(parts, " ")
}

// revokedChart shows the partitions revoked at each event, a bar per
// protocol: eager bars reach every partition the staying members held.
func revokedChart(id string, r *sim.RebalanceResult) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(append(chartOptions(id, "event", "partitions", "shadow"),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "partitions", NameLocation: "end", MinInterval: 1}))...)
	names := make([]string, len(r.Events))
	for e, ev := range r.Events {
		names[e] = fmt.Sprintf("%d. %s", e+1, ev)
	}
	b.SetXAxis(names)
	t := table{Columns: []column{label("event")}}
	for _, run := range r.Runs {
		t.Columns = append(t.Columns, num(run.Protocol))
	}
	for e, name := range names {
		cells := []string{name}
		for _, run := range r.Runs {
			cells = append(cells, itoa(run.Events[e].Revoked))
		}
		t.add(false, cells...)
	}
	for i, run := range r.Runs {
		data := make([]opts.BarData, len(r.Events))
		for e := range data {
			data[e] = opts.BarData{Value: run.Events[e].Revoked}
		}
		b.AddSeries(run.Protocol, data, charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)}))
	}
	return newChart(id, "Partitions revoked at each event",
		fmt.Sprintf("%s; a revoked partition is one a member that stays must stop consuming", format.Plural(r.Partitions, "partition")), b, t)
}

// rebalanceAgreementByProtocol sums the agreement up per protocol: the
// steps that agree on moved and revoked, the moves and revocations in all
// on both engines, and the protocol the broker served.
func rebalanceAgreementByProtocol(o *sim.RebalanceObserved) table {
	t := table{Caption: fmt.Sprintf("On Kafka (%s): %d of %d steps agree on moved and revoked", o.Cluster, o.Agreeing, o.Compared),
		Columns: []column{label("protocol"), label("served by the broker"), num("steps agreeing"), num("moved"), num("Kafka moved"), num("revoked"), num("Kafka revoked")}}
	for _, run := range o.Runs {
		var agree, moved, kmoved, revoked, krevoked int
		for _, s := range run.Steps {
			if s.Agrees() {
				agree++
			}
			moved, kmoved, revoked, krevoked = moved+s.SimMoved, kmoved+s.Moved, revoked+s.SimRevoked, krevoked+s.Revoked
		}
		t.add(false, run.Protocol, run.Served, fmt.Sprintf("%d of %d", agree, len(run.Steps)), itoa(moved), itoa(kmoved), itoa(revoked), itoa(krevoked))
		if agree < len(run.Steps) {
			t.mark()
		}
	}
	return t
}

// rebalanceAgreement puts what the members observed on Kafka beside the
// simulation, step by step.
func rebalanceAgreement(o *sim.RebalanceObserved) table {
	t := table{Caption: "Each step on Kafka beside the simulation",
		Columns: []column{label("protocol"), label("step"), num("moved"), num("Kafka moved"), num("revoked"), num("Kafka revoked"), label("agrees")}}
	for _, run := range o.Runs {
		for i, s := range run.Steps {
			agrees := "yes"
			if !s.Agrees() {
				agrees = "no"
			}
			t.add(i == 0, run.Protocol, s.Label, itoa(s.SimMoved), itoa(s.Moved), itoa(s.SimRevoked), itoa(s.Revoked), agrees)
			if !s.Agrees() {
				t.mark()
			}
		}
	}
	return t
}

// A rebalanceStory is what a rebalance's numbers say, in the order
// templates/narrative/rebalance.md tells it.
type rebalanceStory struct {
	*sim.RebalanceResult
	Eager, Cooperative, Incremental []sim.RebalanceRun
	Steps                           int
	EagerStops                      bool // every eager step with consumers stopped them all
	KeepsConsuming                  bool // no cooperative or incremental step stopped everyone
	StickyFewest                    bool // no protocol moved fewer in all than the sticky ones
	Sticky                          []sim.RebalanceRun
	Kafka                           *sim.RebalanceObserved
	Same                            int      // steps on Kafka whose assignment is the simulation's
	Differently                     []string // the protocols of the other steps
	// Returns: static members' returns within the session timeout, no
	// rebalance; TimedOut: static members removed when it ran out.
	Returns, TimedOut int
}

func newRebalanceStory(r *sim.RebalanceResult, o *sim.RebalanceObserved) rebalanceStory {
	s := rebalanceStory{RebalanceResult: r, KeepsConsuming: true, Kafka: o}
	if o != nil {
		for _, run := range o.Runs {
			for _, step := range run.Steps {
				if step.Same {
					s.Same++
				} else if !slices.Contains(s.Differently, run.Protocol) {
					s.Differently = append(s.Differently, run.Protocol)
				}
			}
		}
	}
	if len(r.Runs) > 0 {
		s.Steps = len(r.Runs[0].Steps)
		for _, step := range r.Runs[0].Steps {
			switch {
			case step.Rebalances == 0:
				s.Returns++
			case step.TimedOut:
				s.TimedOut++
			}
		}
	}
	fewest := -1
	for _, run := range r.Runs {
		if fewest < 0 || run.Total.Moved < fewest {
			fewest = run.Total.Moved
		}
	}
	for _, run := range r.Runs {
		switch run.Style {
		case sim.Eager:
			s.Eager = append(s.Eager, run)
		case sim.Cooperative:
			s.Cooperative = append(s.Cooperative, run)
		case sim.Incremental:
			s.Incremental = append(s.Incremental, run)
		}
		if run.Style != sim.Eager {
			s.KeepsConsuming = s.KeepsConsuming && run.Total.Stopped == 0
		}
		if run.Protocol == "cooperative-sticky" || run.Protocol == "consumer-uniform" {
			s.Sticky = append(s.Sticky, run)
		}
	}
	s.KeepsConsuming = s.KeepsConsuming && len(s.Cooperative)+len(s.Incremental) > 0
	s.EagerStops = len(s.Eager) > 0
	for _, run := range s.Eager {
		for _, step := range run.Steps {
			s.EagerStops = s.EagerStops && (step.Stopped == 1 || step.Paused == 0)
		}
	}
	s.StickyFewest = len(s.Sticky) > 0
	for _, run := range s.Sticky {
		s.StickyFewest = s.StickyFewest && run.Total.Moved == fewest
	}
	return s
}

func rebalanceText(w io.Writer, c cell, r *sim.RebalanceResult) {
	fmt.Fprintf(w, "%d partitions; events: %s\n", r.Partitions, strings.Join(r.Events, ", "))
	head := "protocol            event                 moved revoked rounds paused involved stopped"
	if r.Static {
		fmt.Fprintf(w, "static members, session timeout %s\n", r.SessionTimeout)
		head += " rebalances held"
	}
	fmt.Fprintln(w, head)
	row := func(protocol, event string, t sim.RebalanceTally) {
		fmt.Fprintf(w, "%-19s %-21s %5d %7d %6d %6d %8d %7d", protocol, event, t.Moved, t.Revoked, t.Rounds, t.Paused, t.Involved, t.Stopped)
		if r.Static {
			fmt.Fprintf(w, " %10d %4d", t.Rebalances, t.Held)
		}
		fmt.Fprintln(w)
	}
	for _, run := range r.Runs {
		for e, t := range run.Events {
			row(run.Protocol, fmt.Sprintf("%d. %s", e+1, r.Events[e]), t)
		}
		row(run.Protocol, "in all", run.Total)
	}
	fmt.Fprintln(w, "step          "+strings.Join(protocolNames(r), " | "))
	for i, step := range r.Runs[0].Steps {
		cells := make([]string, len(r.Runs))
		for j, run := range r.Runs {
			cells[j] = members(run.Steps[i])
		}
		fmt.Fprintf(w, "%-13s %s\n", step.Label, strings.Join(cells, " | "))
	}
	if o := rebalanceKafka(c.Computed); o != nil {
		fmt.Fprintf(w, "on Kafka (%s): %d of %d steps agree on moved and revoked\n", o.Cluster, o.Agreeing, o.Compared)
		for _, run := range o.Runs {
			for _, s := range run.Steps {
				mark := "agrees"
				if !s.Agrees() {
					mark = "differs"
				}
				fmt.Fprintf(w, "%-19s %-13s moved %d/%d revoked %d/%d %s\n", run.Protocol, s.Label, s.SimMoved, s.Moved, s.SimRevoked, s.Revoked, mark)
			}
		}
	}
}

func protocolNames(r *sim.RebalanceResult) []string {
	out := make([]string, len(r.Runs))
	for i, run := range r.Runs {
		out[i] = run.Protocol
	}
	return out
}
