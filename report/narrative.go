package report

import (
	"bytes"
	"fmt"
	"slices"
	texttemplate "text/template"

	"partlab/sim"
	"partlab/templates"
)

// narratives are the Markdown templates of the generated narrative, parsed
// once. They word a story; they hold no figure of their own.
var narratives = texttemplate.Must(texttemplate.New("narrative").
	Option("missingkey=error").
	Funcs(formatFuncs).
	Funcs(texttemplate.FuncMap{"sep": sep, "text": escapeMarkdown, "partitions": func(ps []int) (string, error) { return list(partitionNames(ps)) }}).
	ParseFS(templates.FS, "narrative/*.md"))

// A gridStory is what a grid's numbers say, in the order
// templates/narrative/grid.md tells it. Every figure in it is a figure of the
// result; this file only chooses which rows to talk about, so where a
// scenario's numbers contradict the lesson, the story says what they say.
type gridStory struct {
	Records     int
	Subscribers int
	Baseline    int
	Keep        []sim.Key // keys that split no subscriber and keep every row at every partition count
	Lose        []keyLoss // keys that lose rows at some partition count
	SplitOnly   []keyLoss // keys that split subscribers yet lose no row
	Groups      []groupStory
	Served      *servedStory // nil when no deviation row loses a row
}

// A keyLoss is a key that splits subscribers: how many, and the rows it
// computes where it loses some.
type keyLoss struct {
	Key                sim.Key
	SplitMin, SplitMax int // subscribers split, over the partition counts that split any
	AllSplit           bool
	Losses             []sim.Row // the rows at partition counts that lose rows, in grid order
}

// A groupStory is what one consumer count's rows say about load.
type groupStory struct {
	Consumers int
	Idle      []idleAt  // partition counts below the consumer count
	StillIdle []sim.Row // rows with at least as many partitions as consumers and an idle consumer
	// At is the partition count loads are compared at: the first that gives
	// every consumer a partition, or the largest when none does.
	At       int
	AtCovers bool      // At ≥ Consumers
	Loads    []sim.Row // one row per key at At, in key order
	Balanced *sim.Row  // the lowest skew at At among rows without an idle consumer
	Correct  *sim.Row  // the most rows at At
	Keeper   *sim.Row  // the lowest-skew row at At of a key in Keep
}

// An idleAt is the idle consumers at one partition count below the consumer
// count; ByKey is set when keys differ.
type idleAt struct {
	Partitions int
	Idle       int
	ByKey      []sim.Row
}

// A servedStory is the serving deviation against the loss, over the rows of
// the deviation table that lose rows.
type servedStory struct {
	Low, High float64   // the healthy serving's smallest and largest region
	Quiet     servedRow // moves the serving least
	Loud      *servedRow
	// Worse loses more rows than Loud yet moves the serving less; nil if no
	// row does, or if Quiet is that row (QuietWorse).
	Worse      *servedRow
	QuietWorse bool
}

// A servedRow is a row and the range of its deviation over the regions.
type servedRow struct {
	sim.Row
	Low, High float64
}

// Misleads reports whether a row loses more than another yet moves the
// serving less: the served number then ranks the damage the wrong way round.
func (s *servedStory) Misleads() bool { return s.Worse != nil || s.QuietWorse }

func newGridStory(g *sim.GridResult, subscribers int) gridStory {
	s := gridStory{Records: g.Records, Subscribers: subscribers, Baseline: g.Baseline.Rows}
	c0 := g.Grid.Consumers[0]
	for _, k := range g.Grid.Keys {
		kl := keyLoss{Key: k}
		for _, p := range g.Grid.Partitions {
			r, _ := g.Row(k, p, c0)
			if r.Split > 0 {
				if kl.SplitMax == 0 || r.Split < kl.SplitMin {
					kl.SplitMin = r.Split
				}
				kl.SplitMax = max(kl.SplitMax, r.Split)
			}
			if r.Lost > 0 {
				kl.Losses = append(kl.Losses, r)
			}
		}
		kl.AllSplit = kl.SplitMin == subscribers
		switch {
		case len(kl.Losses) > 0:
			s.Lose = append(s.Lose, kl)
		case kl.SplitMax > 0:
			s.SplitOnly = append(s.SplitOnly, kl)
		default:
			s.Keep = append(s.Keep, k)
		}
	}
	for _, c := range g.Grid.Consumers {
		s.Groups = append(s.Groups, newGroupStory(g, c, s.Keep))
	}
	s.Served = newServedStory(g, deviationRows(g))
	return s
}

func newGroupStory(g *sim.GridResult, c int, keep []sim.Key) groupStory {
	gs := groupStory{Consumers: c}
	for _, p := range g.Grid.Partitions {
		if p >= c {
			for _, k := range g.Grid.Keys {
				if r, _ := g.Row(k, p, c); r.Idle > 0 {
					gs.StillIdle = append(gs.StillIdle, r)
				}
			}
			if !gs.AtCovers || p < gs.At {
				gs.At, gs.AtCovers = p, true
			}
			continue
		}
		var rows []sim.Row
		differ := false
		for _, k := range g.Grid.Keys {
			r, _ := g.Row(k, p, c)
			rows = append(rows, r)
			differ = differ || r.Idle != rows[0].Idle
		}
		at := idleAt{Partitions: p, Idle: rows[0].Idle}
		if differ {
			at.ByKey = rows
		}
		gs.Idle = append(gs.Idle, at)
		if !gs.AtCovers {
			gs.At = max(gs.At, p)
		}
	}
	for _, k := range g.Grid.Keys {
		r, _ := g.Row(k, gs.At, c)
		gs.Loads = append(gs.Loads, r)
	}
	for i := range gs.Loads {
		r := &gs.Loads[i]
		if r.Idle == 0 && (gs.Balanced == nil || r.Skew < gs.Balanced.Skew) {
			gs.Balanced = r
		}
		if gs.Correct == nil || r.Rows > gs.Correct.Rows {
			gs.Correct = r
		}
		if slices.Contains(keep, r.Key) && r.Idle == 0 && (gs.Keeper == nil || r.Skew < gs.Keeper.Skew) {
			gs.Keeper = r
		}
	}
	return gs
}

func newServedStory(g *sim.GridResult, rows []sim.Row) *servedStory {
	var lossy []servedRow
	for _, r := range rows {
		if r.Lost == 0 {
			continue
		}
		sr := servedRow{Row: r}
		for i, d := range r.Deviation {
			if i == 0 || d.Value < sr.Low {
				sr.Low = d.Value
			}
			if i == 0 || d.Value > sr.High {
				sr.High = d.Value
			}
		}
		lossy = append(lossy, sr)
	}
	if len(lossy) == 0 {
		return nil
	}
	s := &servedStory{}
	for i, v := range g.Baseline.Serving {
		if i == 0 || v.Value < s.Low {
			s.Low = v.Value
		}
		if i == 0 || v.Value > s.High {
			s.High = v.Value
		}
	}
	quiet, loud := 0, 0
	for i, r := range lossy {
		if r.Drift < lossy[quiet].Drift || (r.Drift == lossy[quiet].Drift && r.Lost > lossy[quiet].Lost) {
			quiet = i
		}
		if r.Drift > lossy[loud].Drift || (r.Drift == lossy[loud].Drift && r.Lost < lossy[loud].Lost) {
			loud = i
		}
	}
	s.Quiet = lossy[quiet]
	if loud == quiet {
		return s
	}
	s.Loud = &lossy[loud]
	s.QuietWorse = s.Quiet.Lost > s.Loud.Lost
	for i := range lossy {
		r := &lossy[i]
		if i == quiet || r.Lost <= s.Loud.Lost || r.Drift >= s.Loud.Drift {
			continue
		}
		if s.Worse == nil || r.Lost > s.Worse.Lost {
			s.Worse = r
		}
	}
	return s
}

// deviationRows are the rows of a grid's serving-deviation table: the
// combinations the scenario lists, or every key and partition count, at the
// first consumer count (the deviation does not depend on it).
func deviationRows(g *sim.GridResult) []sim.Row {
	c := g.Grid.Consumers[0]
	var rows []sim.Row
	if len(g.Grid.Deviation) > 0 {
		for _, combo := range g.Grid.Deviation {
			r, _ := g.Row(combo.Key, combo.Partitions, c)
			rows = append(rows, r)
		}
		return rows
	}
	for _, k := range g.Grid.Keys {
		for _, p := range g.Grid.Partitions {
			r, _ := g.Row(k, p, c)
			rows = append(rows, r)
		}
	}
	return rows
}

// narrate executes a narrative template into Markdown.
func narrate(name string, story any) (string, error) {
	var buf bytes.Buffer
	if err := narratives.ExecuteTemplate(&buf, name, story); err != nil {
		return "", fmt.Errorf("narrative %s: %w", name, err)
	}
	return buf.String(), nil
}
