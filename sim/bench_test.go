package sim

import (
	"fmt"
	"testing"
)

// The lesson's grid: three keys × partitions 1, 2, 4, 8 × four consumers.
func BenchmarkLessonGrid(b *testing.B) {
	for _, n := range []int{200, 20_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			src := Source{Seed: 20260218, Subscribers: n, Periods: 12}
			g := Grid{Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod}, Partitions: []int{1, 2, 4, 8},
				Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(b.Context(), src, []Cell{g}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFloor is the least any engine does for the lesson's grid at a
// million subscribers, on one core: draw the subscribers and their
// 12,000,000 seeded readings, then make one consumption pass per
// combination (3 keys × 4 partition counts) over its placement, materialised
// beforehand and a byte a reading so that the pass reads as little as it
// can: each reading's partition counts towards the sizes, and it yields a
// row, a region×period total and a split as the lesson's s3 and s4 do. The
// grid's time is judged against it.
func BenchmarkFloor(b *testing.B) {
	src := Source{Seed: 20260218, Subscribers: 1_000_000, Periods: 12}
	n, t := src.Subscribers, src.Periods
	d, err := Generate(src)
	if err != nil {
		b.Fatal(err)
	}
	var parts [][]uint8
	part := make([]int32, n*t)
	for _, k := range []Key{KeySubscriber, KeyRecord, KeyPeriod} {
		for _, p := range []int{1, 2, 4, 8} {
			newPlacer(d, k, LessonPartitioner(src.Seed)).fill(part, p)
			narrow := make([]uint8, len(part))
			for r, x := range part {
				narrow[r] = uint8(x)
			}
			parts = append(parts, narrow)
		}
	}
	region, rise := make([]uint8, n), make([]uint8, n*t)
	var rows, split int
	for b.Loop() {
		for i := range n {
			r := NewRand(src.Seed + 37*int64(i))
			region[i] = uint8(r.Intn(len(regionNames)))
			_, _ = r.Intn(len(typeNames)), r.Intn(60000)
			for j := range t {
				r := NewRand(src.Seed + 101*int64(i) + 7*int64(j))
				rise[i*t+j] = uint8(4 + r.Intn(46))
			}
		}
		rows, split = 0, 0
		for _, part := range parts {
			// Four sets of sizes, by period mod 4, so that readings of one
			// partition in a row do not wait on each other's count.
			var sizes [4][8]int
			var total [len(regionNames) * MaxPeriods]int64
			for i := range n {
				row, rise, cell := part[i*t:i*t+t], rise[i*t:i*t+t], int(region[i])*t
				sizes[0][row[0]]++
				moved := 0
				for j := 1; j < t; j++ {
					sizes[j&3][row[j]]++
					same := 0
					if row[j] == row[j-1] {
						same = 1
					}
					moved |= same ^ 1
					rows += same
					total[cell+j] += int64(same * int(rise[j]))
				}
				split += moved
			}
		}
	}
	// The passes count what the engine's rows say.
	res, err := Run(b.Context(), src, []Cell{Grid{Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod},
		Partitions: []int{1, 2, 4, 8}, Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}})
	if err != nil {
		b.Fatal(err)
	}
	wantRows, wantSplit := 0, 0
	for _, r := range res.All[0].Result.(*GridResult).Rows {
		wantRows, wantSplit = wantRows+r.Rows, wantSplit+r.Split
	}
	if rows != wantRows || split != wantSplit {
		b.Fatalf("the passes formed %d rows and split %d subscribers; the grid says %d and %d", rows, split, wantRows, wantSplit)
	}
}
