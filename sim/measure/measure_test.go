package measure

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/partlab/partlab/sim"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// model is the modelled throughput cell of P partitions, records each.
func model(t testing.TB, partitions, records int, work time.Duration, consumers ...int) *sim.ThroughputResult {
	t.Helper()
	rs, err := sim.Run(context.Background(), sim.Source{}, []sim.Cell{sim.Throughput{ID: "t", Partitions: partitions,
		Records: records, Work: work, Consumers: consumers, Assignor: "roundrobin"}})
	if err != nil {
		t.Fatal(err)
	}
	return rs.All[0].Result.(*sim.ThroughputResult)
}

// Under synctest's fake clock the consumers' sleeps overlap exactly, so a
// measured run equals the model figure for figure: 8.00× at C = P = 8 and
// 8.00× with 8 idle at 16, whatever the machine's speed or load.
func TestMeasuredRunEqualsTheModelUnderAFakeClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		want := model(t, 8, 20, 10*time.Millisecond, 1, 2, 4, 8, 16)
		var progress strings.Builder
		m, err := Throughput(context.Background(), want, &progress)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Rows) != len(want.Rows) {
			t.Fatalf("%d measured rows, want %d", len(m.Rows), len(want.Rows))
		}
		for i, got := range m.Rows {
			w := want.Rows[i]
			if got.Speedup != w.Speedup || got.WallS != w.WallS || got.PerSecond != w.PerSecond || got.Idle != w.Idle {
				t.Errorf("%d consumers: measured %.2f×, %v s, %d idle; model %.2f×, %v s, %d idle",
					got.Consumers, got.Speedup, got.WallS, got.Idle, w.Speedup, w.WallS, w.Idle)
			}
		}
		if last := m.Rows[len(m.Rows)-1]; last.Speedup != 8 || last.Idle != 8 {
			t.Errorf("16 consumers: %.2f× with %d idle, want 8.00× with 8 idle", last.Speedup, last.Idle)
		}
		const wantProgress = "  one consumer alone: 1.60 s\n" +
			"  1 consumers: 1.60 s, 1.00× (model 1.00×)\n" +
			"  2 consumers: 0.80 s, 2.00× (model 2.00×)\n" +
			"  4 consumers: 0.40 s, 4.00× (model 4.00×)\n" +
			"  8 consumers: 0.20 s, 8.00× (model 8.00×)\n" +
			"  16 consumers: 0.20 s, 8.00× (model 8.00×)\n"
		if progress.String() != wantProgress {
			t.Errorf("progress:\n%s\nwant:\n%s", progress.String(), wantProgress)
		}
		if m.Machine == "" {
			t.Error("no machine description")
		}
	})
}

func TestMeasureStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Throughput(ctx, model(t, 1, 1000, time.Second, 1), nil); err == nil {
		t.Error("a cancelled measurement succeeded")
	}
}

// A run cancelled in the middle of a record's work returns at the moment of
// cancelling, not when the record's sleep would have ended.
func TestMeasureReturnsWhenCancelledMidRecord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := Throughput(ctx, model(t, 1, 1000, time.Second, 1), nil)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want the context's deadline", err)
		}
		if took := time.Since(start); took != 1500*time.Millisecond {
			t.Errorf("returned after %v of fake time, want 1.5s (when the context ended)", took)
		}
	})
}

// BenchmarkMeasuredSpeedup is the real, sleeping run at C = P = 8 and 16: it
// reports the speedups the machine reached as metrics instead of asserting
// them, because scheduler wake-ups on a loaded machine move them.
// go test ./sim/measure -run '^$' -bench MeasuredSpeedup -benchtime 1x -count 3
func BenchmarkMeasuredSpeedup(b *testing.B) {
	res := model(b, 8, 5, 10*time.Millisecond, 8, 16)
	var m *sim.ThroughputMeasurement
	for b.Loop() {
		var err error
		if m, err = Throughput(context.Background(), res, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(m.Rows[0].Speedup, "speedup@8")
	b.ReportMetric(m.Rows[1].Speedup, "speedup@16")
}
