package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/sim/kafka"
)

// A budget bounds what computing one scenario may cost, so that a scenario
// file, which may come from anyone, cannot keep a CI machine busy for hours
// or fill its disk. Each cell states its cost from its spec (sim.Cell.Cost);
// the budget is checked before anything runs.
type budget struct {
	visits, rows, output, kafkaGroups int64
	measure                           time.Duration
}

// defaultBudget fits both shipped scenarios, the lesson's grid at a million
// subscribers (144,000,000 visits) and a 4-key 64×64 grid (16,384 rows,
// about 46 MB) several times over.
var defaultBudget = budget{
	visits:      1_000_000_000,
	rows:        65_536,
	output:      256 << 20,
	kafkaGroups: 64,
	measure:     10 * time.Minute,
}

// A limit is one line of the budget: what it counts, how a cell's cost
// gives the count, the bound, how the numbers read and the flag that raises
// it ("" for a bound of the engine that no flag raises).
type limit struct {
	what  string
	flag  string
	cost  func(sim.Cost) int64
	bound func(budget) int64
	show  func(int64) string
}

var limits = []limit{
	{"record visits", "max-visits", func(c sim.Cost) int64 { return c.Visits }, func(b budget) int64 { return b.visits }, count},
	{"result rows", "max-rows", func(c sim.Cost) int64 { return c.Rows }, func(b budget) int64 { return b.rows }, count},
	{"of output (estimated)", "max-output", func(c sim.Cost) int64 { return c.Bytes }, func(b budget) int64 { return b.output }, showBytes},
	{"Kafka consumer group runs", "max-kafka-groups", func(c sim.Cost) int64 { return c.KafkaGroups }, func(b budget) int64 { return b.kafkaGroups }, count},
	{"consumers in one Kafka group", "", func(c sim.Cost) int64 { return c.KafkaConsumers }, func(budget) int64 { return kafka.MaxConsumers }, count},
	{"records in one Kafka topic", "", func(c sim.Cost) int64 { return c.KafkaRecords }, func(budget) int64 { return kafka.MaxRecords }, count},
	{"of measured sleep", "max-measure", func(c sim.Cost) int64 { return int64(c.Measure) }, func(b budget) int64 { return int64(b.measure) },
		func(n int64) string { return time.Duration(n).String() }},
}

// checkBudget refuses a scenario whose computations cost more than the
// budget allows, before anything runs: every limit a cell exceeds is an
// error at the cell, and a limit the cells exceed only together is one error
// at the cell that crosses it. Measured sleep counts only with --measure,
// which measures every throughput cell. prepare calls it for compute and
// validate, after flags.apply has set every grid's engine.
func checkBudget(s *scenarios.Scenario, flags *computeFlags) error {
	var errs scenarios.ErrorList
	var total sim.Cost
	crossed := make([]bool, len(limits))
	for i, c := range s.Cells {
		if c.Sim == nil {
			continue
		}
		cost := c.Sim.Cost(s.Source)
		if !flags.measure {
			cost.Measure = 0
		}
		total = total.Add(cost)
		field := fmt.Sprintf("cells[%d].%s", i, c.Kind)
		for j, l := range limits {
			bound := l.bound(flags.budget)
			var msg string
			switch n, sum := l.cost(cost), l.cost(total); {
			case n > bound:
				msg = fmt.Sprintf("this %s needs %s %s; the limit is %s", c.Kind, l.show(n), l.what, l.show(bound))
			case sum > bound && !crossed[j]:
				msg = fmt.Sprintf("with the cells before it, this scenario needs %s %s; the limit is %s", l.show(sum), l.what, l.show(bound))
			default:
				continue
			}
			crossed[j] = true
			if l.flag == "" {
				msg += " (the Kafka engine's own)"
			} else {
				msg += fmt.Sprintf(" (raise it with --%s)", l.flag)
			}
			errs = append(errs, &scenarios.Error{File: s.File, Line: c.At.Line, Col: c.At.Col, Field: field, Msg: msg})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// measureNotes says on stderr which cells ask for measure: true when the
// command line does not say --measure: the file alone cannot start a
// measured run, which sleeps for as long as its work says.
func measureNotes(s *scenarios.Scenario, flags *computeFlags) []string {
	if flags.measure {
		return nil
	}
	var notes []string
	for i, c := range s.Cells {
		if t, ok := c.Sim.(sim.Throughput); ok && t.Measure {
			notes = append(notes, fmt.Sprintf("%s:%d:%d: cells[%d].%s: measure: true is ignored without --measure on the command line",
				s.File, c.At.Line, c.At.Col, i, c.Kind))
		}
	}
	return notes
}

// count spells a whole number with thousands separators: 16,384.
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// byteUnits are the suffixes --max-output takes, in powers of 1024.
var byteUnits = []struct {
	suffix string
	size   int64
}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}}

// showBytes spells a size in MB when it is a whole number of them, such as
// the default limit, and else exactly in bytes.
func showBytes(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return count(n>>20) + " MB"
	}
	return count(n) + " bytes"
}

// parseBytes reads a size such as 64MB, 512KB, 2GB or 1000000 (bytes).
func parseBytes(s string) (int64, error) {
	num, unit := s, int64(1)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(strings.ToUpper(s), u.suffix); ok {
			num, unit = s[:len(rest)], u.size
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/unit {
		return 0, fmt.Errorf("want a positive size such as 64MB, 512KB or 1000000 (got %q)", s)
	}
	return n * unit, nil
}
