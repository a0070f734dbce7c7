package kafka

import (
	"testing"

	"github.com/partlab/partlab/sim"
)

// BenchmarkLessonGrid puts the lesson's grid through kfake: 12 combinations,
// each 2,400 records produced to a topic and consumed by a group of four.
// records/s counts records carried end to end. "run" is what the command
// line does, starting and closing kfake; "cluster" reuses one kfake cluster
// reached through its brokers, as a real cluster would be.
func BenchmarkLessonGrid(b *testing.B) {
	rs, res := simulate(b, lessonSource, lessonGrid)
	fake, _ := fakeCluster(b)
	for _, bc := range []struct {
		name string
		cfg  Config
	}{
		{"run", Config{}},
		{"cluster", Config{Brokers: fake.ListenAddrs()}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(b.Context(), bc.cfg, rs); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*len(res.Rows)*res.Records)/b.Elapsed().Seconds(), "records/s")
		})
	}
}

// BenchmarkThroughput is one combination large enough for the records, not
// the group's forming, to dominate: 240,000 readings, record key, 8
// partitions, 4 consumers, on one kfake cluster.
func BenchmarkThroughput(b *testing.B) {
	src := sim.Source{Seed: 20260218, Subscribers: 20_000, Periods: 12}
	g := lessonGrid
	g.Keys, g.Partitions = []sim.Key{sim.KeyRecord}, []int{8}
	rs, res := simulate(b, src, g)
	fake, _ := fakeCluster(b)
	for b.Loop() {
		if _, err := Run(b.Context(), Config{Brokers: fake.ListenAddrs()}, rs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*res.Records)/b.Elapsed().Seconds(), "records/s")
}
