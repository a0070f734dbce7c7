package sim

import (
	"fmt"
	"testing"
)

// The lesson's grid: three keys × partitions 1, 2, 4, 8 × four consumers.
func BenchmarkLessonGrid(b *testing.B) {
	for _, n := range []int{200, 20_000, 100_000} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			src := Source{Seed: 20260218, Subscribers: n, Periods: 12}
			g := Grid{Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod}, Partitions: []int{1, 2, 4, 8},
				Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(src, []Cell{g}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
