package sim

// Key names the field a record is partitioned by (DI21).
type Key string

// The partition keys of the lesson, and the keyless case of the Day 24 lab.
const (
	KeySubscriber Key = "subscriber" // A005
	KeyRecord     Key = "record"     // A0052026-03: subscriber and period
	KeyPeriod     Key = "period"     // 2026-03
	KeyNone       Key = "none"       // no key: round robin in write order
)

var keys = map[string]Key{
	string(KeySubscriber): KeySubscriber,
	string(KeyRecord):     KeyRecord,
	string(KeyPeriod):     KeyPeriod,
	string(KeyNone):       KeyNone,
}

// KeyNames lists the key names, sorted.
func KeyNames() []string { return sortedKeys(keys) }

// KeyByName returns the named key.
func KeyByName(name string) (Key, error) { return byName(keys, "key", name) }

// Value appends the key of reading (i, j) to buf, as the lesson's
// partition_records builds it; it returns buf unchanged for KeyNone.
func (d *Data) Value(buf []byte, k Key, i, j int) []byte {
	switch k {
	case KeySubscriber:
		return append(buf, d.Subscribers[i].Name...)
	case KeyRecord:
		return append(append(buf, d.Subscribers[i].Name...), d.periods[j]...)
	case KeyPeriod:
		return append(buf, d.periods[j]...)
	}
	return buf
}

// A placer puts every reading of a source on a partition under one key. It
// hashes each distinct key value once (a subscriber key once per subscriber,
// a period key once per period), whatever the number of partition counts.
type placer struct {
	d      *Data
	key    Key
	place  func(h uint32, n int) int
	hashes []uint32
}

func newPlacer(d *Data, k Key, pt Partitioner) *placer {
	pl := &placer{d: d, key: k, place: pt.Place}
	n, t := d.Source.Subscribers, d.Source.Periods
	var buf []byte
	hash := func(i, j int) uint32 {
		buf = d.Value(buf[:0], k, i, j)
		return pt.Hash(buf)
	}
	switch k {
	case KeySubscriber:
		pl.hashes = make([]uint32, n)
		for i := range n {
			pl.hashes[i] = hash(i, 0)
		}
	case KeyRecord:
		pl.hashes = make([]uint32, n*t)
		for i := range n {
			for j := range t {
				pl.hashes[i*t+j] = hash(i, j)
			}
		}
	case KeyPeriod:
		pl.hashes = make([]uint32, t)
		for j := range t {
			pl.hashes[j] = hash(0, j)
		}
	}
	return pl
}

// fill sets part[i*Periods+j] to the partition of reading (i, j) among n.
func (pl *placer) fill(part []int32, n int) {
	d := pl.d
	t := d.Source.Periods
	switch pl.key {
	case KeySubscriber:
		for i, h := range pl.hashes {
			p := int32(pl.place(h, n))
			for j := range t {
				part[i*t+j] = p
			}
		}
	case KeyRecord:
		for x, h := range pl.hashes {
			part[x] = int32(pl.place(h, n))
		}
	case KeyPeriod:
		for j, h := range pl.hashes {
			p := int32(pl.place(h, n))
			for i := range d.Source.Subscribers {
				part[i*t+j] = p
			}
		}
	case KeyNone:
		for i := range d.Source.Subscribers {
			for j := range t {
				part[i*t+j] = int32(d.position(i, j) % n)
			}
		}
	}
}
