package sim

import "testing"

// A placer, which hashes a name once for all its record keys and places rows
// of digests in bulk, puts every reading where Partition puts its key; a
// keyless reading goes round robin in write order.
func TestPlacerAgreesWithPartition(t *testing.T) {
	src := Source{Seed: 12345, Subscribers: 1013, Periods: 5}
	d, err := Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	pos := make([]int, d.Records())
	n := 0
	for r := range d.WriteOrder {
		pos[r.Subscriber*src.Periods+r.Period] = n
		n++
	}
	custom := Partitioner{Hash: Murmur2Partitioner.Hash, Place: func(h uint32, n int) int { return int(h>>7) % n }}
	for name, pt := range map[string]Partitioner{
		"lesson": LessonPartitioner(src.Seed), "crc32": CRC32Partitioner, "murmur2": Murmur2Partitioner, "custom": custom,
	} {
		for _, k := range []Key{KeySubscriber, KeyRecord, KeyPeriod, KeyNone} {
			for _, p := range []int{1, 2, 7, 64} {
				part := make([]int32, d.Records())
				newPlacer(d, k, pt).fill(part, p)
				for i := range src.Subscribers {
					for j := range src.Periods {
						want := pos[i*src.Periods+j] % p
						if k != KeyNone {
							want = pt.Partition(d.Value(nil, k, i, j), p)
						}
						if got := int(part[i*src.Periods+j]); got != want {
							t.Fatalf("%s %s P=%d: reading (%d, %d) in partition %d, want %d", name, k, p, i, j, got, want)
						}
					}
				}
			}
		}
	}
}
