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
