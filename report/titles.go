package report

import (
	"strings"

	"github.com/partlab/partlab/sim"
)

// kindTitles name what each kind of cell shows, as a reader would: a
// computed cell's heading and its entry in the contents.
var kindTitles = map[sim.Kind]string{
	sim.KindGrid:        "Keys, partitions and consumers",
	sim.KindOffsets:     "Records of one partition, in offset order",
	sim.KindSpread:      "Spread of keys over partitions",
	sim.KindThroughput:  "Speedup as consumers grow",
	sim.KindOrdering:    "Order across partitions",
	sim.KindRepartition: "Keys that move when partitions grow",
	sim.KindAssignment:  "Partitions shared among consumers",
	sim.KindGroups:      "Consumer groups reading one topic",
	sim.KindSizing:      "How many partitions",
	sim.KindKeyless:     "Records without a key",
	sim.KindLag:         "Lag over time",
	sim.KindPredictions: "Predictions against the run",
}

// cellTitle is a computed cell's heading: its kind's title, and its id when
// an author chose one, so two cells of a kind read apart. An id the
// scenario gave by default (the kind, or the kind and the cell's index)
// says nothing a reader needs.
func cellTitle(c cell) string {
	title, ok := kindTitles[c.Kind]
	if !ok {
		title = string(c.Kind)
	}
	if rest, ok := strings.CutPrefix(c.ID, string(c.Kind)); ok && strings.Trim(rest, "0123456789") == "" {
		return title
	}
	return title + ": " + c.ID
}
