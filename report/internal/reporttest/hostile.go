package reporttest

import (
	"testing"

	"github.com/partlab/partlab/sim"
)

// Breakout is a label that would end a <script> element and start one of its
// own if a page wrote it into a script unescaped.
const Breakout = "</script><script>window.partlabPwned=1</script>"

// Bold is a name that would be bold if a page wrote it as HTML.
const Bold = "<b>A</b>"

// Hostile is a scenario whose title, summary and Markdown are markup, and
// whose results name a key and a region that would break out of a chart's
// script. Keys and regions come from the engine, so the test renames them in
// the results. Its lab cells name a probe and a hot key that would break out
// too, a prediction and a question in markup, and a group whose name, renamed
// in the results (the scenario format allows no markup there), is markup.
func Hostile(t testing.TB) Computed {
	t.Helper()
	nb := Compute(t, "hostile.yaml", `title: "<script>alert(1)</script>"
summary: "<b>bold</b> {{ .Title }}"
cells:
  - md: |
      <script>alert(2)</script> [x](javascript:alert(3))
  - grid:
      keys: [subscriber, record]
      partitions: [1, 4]
      deviation:
        - {key: record, partitions: 4}
  - spread:
      id: s
      keys: "user-{0..9}"
      partitions: 4
      probes: ["`+Breakout+`", user-1]
      hot: {key: "`+Breakout+`", count: 3}
  - groups: {id: g, partitions: 2, groups: [{name: A, consumers: 1}, {name: B, consumers: 2}]}
  - predictions:
      - {name: "<b>P1</b>", question: "<b>bold</b> question", you: 1, actual: s.covered}
`)
	g := nb.Results.All[0].Result.(*sim.GridResult)
	rename := func(k sim.Key) sim.Key {
		if k == "record" {
			return Breakout
		}
		return k
	}
	for i := range g.Grid.Keys {
		g.Grid.Keys[i] = rename(g.Grid.Keys[i])
	}
	for i := range g.Grid.Deviation {
		g.Grid.Deviation[i].Key = rename(g.Grid.Deviation[i].Key)
	}
	for i := range g.Rows {
		g.Rows[i].Key = rename(g.Rows[i].Key)
		g.Rows[i].Deviation = RenameRegion(g.Rows[i].Deviation)
	}
	g.Baseline.Serving = RenameRegion(g.Baseline.Serving)
	nb.Results.All[2].Result.(*sim.GroupsResult).Groups[0].Name = Bold
	return nb
}

func RenameRegion(rs sim.Regions) sim.Regions {
	out := append(sim.Regions(nil), rs...)
	out[0].Region = Breakout
	return out
}
