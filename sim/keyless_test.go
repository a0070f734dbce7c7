package sim

import (
	"reflect"
	"testing"
)

func keylessRun(t *testing.T, k Keyless) *KeylessResult {
	t.Helper()
	r, err := k.run(&env{ctx: t.Context(), src: Source{Seed: 20260218}})
	if err != nil {
		t.Fatal(err)
	}
	return r.(*KeylessResult)
}

func TestKeylessVectors(t *testing.T) {
	k := Keyless{Partitions: 4, Windows: []int{10, 1000}, Batch: 16384, Value: 100, Partitioners: KeylessPartitionerNames()}
	res := keylessRun(t, k)
	rr, _ := res.Row("roundrobin")
	if w, _ := rr.Window(10); !reflect.DeepEqual(w.Counts, []int{3, 3, 2, 2}) || w.Spread != 1.5 {
		t.Errorf("round robin, 10 records: %v spread %v, want [3 3 2 2] 1.5", w.Counts, w.Spread)
	}
	sticky, _ := res.Row("sticky")
	if w, _ := sticky.Window(1000); !reflect.DeepEqual(w.Counts, []int{112, 148, 296, 444}) {
		t.Errorf("sticky, 1000 records, seed 20260218: %v, want [112 148 296 444]", w.Counts)
	}
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"records in a 16 KiB batch of 100-byte values", KeylessBatchRecords(16384, 100), 148},
		{"records in a 512-byte batch", KeylessBatchRecords(512, 100), 4},
		{"a batch smaller than one record still holds it", KeylessBatchRecords(512, 4000), 1},
		{"bytes uniform counts for a 100-byte value", KeylessUniformRecordBytes(100), 107},
		{"bytes uniform counts for a 10-byte value", KeylessUniformRecordBytes(10), 16},
		{"uniform stick, 107-byte records, 16384 bytes", uniformStick(107, 16384), 153},
		{"uniform stick, a record as large as the batch", uniformStick(600, 512), 1},
		{"adaptive pick, the doc's example", KeylessAdaptivePick([]float64{1, 1, 0.5}, 1.2), 1},
		{"adaptive pick, the first visited", KeylessAdaptivePick([]float64{1, 1, 0.5}, 0.1), 2},
		{"adaptive pick, rounding left over", KeylessAdaptivePick([]float64{1, 1}, 2.0000001), 0},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, tc.got, tc.want)
		}
	}
}

// Invariants of every partitioner over several shapes: counts sum to the
// window, a window's counts never fall as it grows, every run but the last
// is a whole number of sticks, sticky never picks the partition it just
// left, and the same seed deals the same records.
func TestKeylessInvariants(t *testing.T) {
	for _, k := range []Keyless{
		{Partitions: 1, Windows: []int{5, 500}, Batch: 512, Value: 10},
		{Partitions: 3, Windows: []int{1, 99, 1000}, Batch: 1024, Value: 100},
		{Partitions: 12, Windows: []int{100, 10000, 100000}, Batch: 16384, Value: 100},
		{Partitions: 7, Windows: []int{50000}, Batch: 65536, Value: 1000},
	} {
		k.Partitioners = KeylessPartitionerNames()
		res := keylessRun(t, k)
		if again := keylessRun(t, k); !reflect.DeepEqual(res, again) {
			t.Fatalf("%d partitions: two runs differ", k.Partitions)
		}
		for _, row := range res.Rows {
			for i, w := range row.Windows {
				if int(sum(w.Counts)) != w.Records {
					t.Errorf("%s, %d partitions, window %d: counts sum to %d", row.Partitioner, k.Partitions, w.Records, sum(w.Counts))
				}
				for p := range w.Counts {
					if i > 0 && w.Counts[p] < row.Windows[i-1].Counts[p] {
						t.Errorf("%s, %d partitions: p%d's count fell as the window grew", row.Partitioner, k.Partitions, p)
					}
				}
			}
			runs := KeylessRuns(row.Sequence)
			for i, r := range runs[:len(runs)-1] {
				if r%row.Stick != 0 {
					t.Errorf("%s, %d partitions: run %d holds %d records, not whole sticks of %d", row.Partitioner, k.Partitions, i, r, row.Stick)
					break
				}
			}
			if row.Partitioner == "sticky" && k.Partitions > 1 && KeylessRepeats(row.Sequence, row.Stick) {
				t.Errorf("sticky, %d partitions: a switch picked the partition just left", k.Partitions)
			}
		}
	}
}

// The incremental adaptive draw picks exactly what kgo's draw, summing and
// walking every weight at every switch, picks: over few and many
// partitions, batches of one record and of many, and many seeds.
func TestAdaptiveDrawIsKgos(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		partitions, batch, by int
		records               int
	}{
		{"one partition", 1, 512, 10, 200},
		{"three partitions, a record a batch", 3, 512, 384, 5000},
		{"seven partitions, four records a batch", 7, 512, 100, 20000},
		{"64 partitions, 148 records a batch", 64, 16384, 100, 200000},
		{"4096 partitions, a record a batch", 4096, 512, 384, 10000},
		{"4096 partitions, 37 records a batch", 4096, 4096, 100, 40000},
	} {
		k := Keyless{Partitions: tc.partitions, Batch: tc.batch, Value: tc.by}
		for seed := range int64(4) {
			rng, ref := NewRand(seed), NewRand(seed)
			got, _ := uniformKeyless(k, &rng, tc.records, true, nil)
			if want := kgoAdaptive(k, &ref, tc.records); !reflect.DeepEqual(got, want) {
				i := 0
				for got[i] == want[i] {
					i++
				}
				t.Errorf("%s, seed %d: record %d goes to p%d, kgo's draw p%d", tc.name, seed, i, got[i], want[i])
			}
		}
	}
}

// A draw that falls exactly on the edge between two partitions is kgo's
// walk's: two partitions of weight 1 and the draw 0.5 make kgo's pick 1,
// which p1 takes to 0, so p1, where the partitions' sums alone say p0.
func TestAdaptiveDrawAtAnEdge(t *testing.T) {
	for _, tc := range []struct {
		name       string
		partitions int
		u          uint32
		want       int
	}{
		{"on the edge of p1 and p0", 2, 1 << 31, 1},
		{"the draw 0, the last partition", 2, 0, 1},
		{"on the edge of p3 and p2", 4, 1 << 30, 3},
		{"within p0", 4, 0xF0000000, 0},
	} {
		if got := newAdaptiveDraw(tc.partitions, 1).pickAt(tc.u, nil); got != tc.want {
			t.Errorf("%s: picks p%d, want p%d", tc.name, got, tc.want)
		}
	}
}

// kgoAdaptive is the adaptive partitioner as kgo draws: at every switch,
// every weight summed from the last partition down, then walked.
func kgoAdaptive(k Keyless, rng *Rand, n int) []int {
	l := KeylessUniformRecordBytes(k.Value)
	batch := KeylessBatchRecords(k.Batch, k.Value)
	seq, counts := make([]int, n), make([]int, k.Partitions)
	bytes, on := 0, -1
	for i := range seq {
		if bytes += l; bytes >= k.Batch {
			bytes, on = l, -1
		}
		if on < 0 {
			weights := make([]float64, len(counts))
			var total float64
			for p := len(counts) - 1; p >= 0; p-- {
				weights[p] = 1 / float64(counts[p]%batch+1)
				total += weights[p]
			}
			on = KeylessAdaptivePick(weights, float64(rng.Uint32())/(1<<32)*total)
		}
		seq[i] = on
		counts[on]++
	}
	return seq
}
