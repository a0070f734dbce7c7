package sim

import (
	"fmt"
	"testing"
)

// Kafka's own vectors, from UtilsTest.testMurmur2.
func TestMurmur2KafkaVectors(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want int32
	}{
		{"21", -973932308},
		{"foobar", -790332482},
		{"a-little-bit-long-string", -985981536},
		{"a-little-bit-longer-string", -1486304829},
		{"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8", -58897971},
		{"abc", 479470107},
	} {
		if got := int32(murmur2([]byte(tc.key))); got != tc.want {
			t.Errorf("murmur2(%q) = %d, want %d", tc.key, got, tc.want)
		}
	}
}

func TestPinnedPlacements(t *testing.T) {
	for _, tc := range []struct {
		name string
		pt   Partitioner
		key  string
		n    int
		want int
	}{
		// The Day 24 lab's reference run, 8 partitions.
		{"crc32", CRC32Partitioner, "user-42", 8, 3},
		{"crc32", CRC32Partitioner, "cart-9", 8, 6},
		{"crc32", CRC32Partitioner, "order-7", 8, 2},
		{"crc32", CRC32Partitioner, "payment-3", 8, 2},
		// The lesson's closing lines: A005 is in partition 0 of 4.
		{"lesson", LessonPartitioner(20260218), "A005", 4, 0},
		// toPositive(murmur2("foobar")) % 7, from Kafka's vector above.
		{"murmur2", Murmur2Partitioner, "foobar", 7, int((-790332482 & 0x7fffffff) % 7)},
	} {
		if got := tc.pt.Partition([]byte(tc.key), tc.n); got != tc.want {
			t.Errorf("%s(%q) among %d = %d, want %d", tc.name, tc.key, tc.n, got, tc.want)
		}
	}
}

// Every partitioner sends a key to one partition in range, every time.
func TestPartitionerInvariants(t *testing.T) {
	for _, name := range PartitionerNames() {
		pt, err := PartitionerByName(name, 20260218)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 3, 7, 8, 12, 24, 4096} {
			for k := range 500 {
				key := []byte(fmt.Sprintf("key-%d-é", k))
				p := pt.Partition(key, n)
				if p < 0 || p >= n {
					t.Fatalf("%s: %q among %d went to %d", name, key, n, p)
				}
				if again := pt.Partition(key, n); again != p {
					t.Fatalf("%s: %q went to %d, then %d", name, key, p, again)
				}
			}
		}
	}
}

func TestUnknownNames(t *testing.T) {
	if _, err := PartitionerByName("fnv", 0); err == nil || err.Error() != `unknown partitioner "fnv" (want one of crc32, lesson, murmur2)` {
		t.Errorf("PartitionerByName: %v", err)
	}
	if _, err := AssignorByName("sticky"); err == nil || err.Error() != `unknown assignor "sticky" (want one of range, roundrobin)` {
		t.Errorf("AssignorByName: %v", err)
	}
	if _, err := KeyByName("user"); err == nil || err.Error() != `unknown key "user" (want one of none, period, record, region, subscriber, type)` {
		t.Errorf("KeyByName: %v", err)
	}
}
