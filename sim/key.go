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
		return appendName(buf, i)
	case KeyRecord:
		return append(appendName(buf, i), d.periods[j]...)
	case KeyPeriod:
		return append(buf, d.periods[j]...)
	}
	return buf
}

// A placer puts every reading of a source on a partition under one key,
// subscriber by subscriber: digests hashes each of a subscriber's keys once,
// whatever the number of partition counts, and row maps the digests onto a
// partition count. It holds scratch space, so each goroutine has its own.
type placer struct {
	d       *Data
	key     Key
	pt      Partitioner
	periods [][]byte // the period labels, as key suffixes
	period  []uint32 // KeyPeriod: each period's digest, the same for everyone
	h       [MaxPeriods]uint32
	buf     []byte
}

func newPlacer(d *Data, k Key, pt Partitioner) *placer {
	pl := &placer{d: d, key: k, pt: pt}
	for j, label := range d.periods {
		pl.periods = append(pl.periods, []byte(label))
		if k == KeyPeriod {
			pl.period = append(pl.period, pt.Hash(d.Value(nil, k, 0, j)))
		}
	}
	return pl
}

// digests returns the digests of subscriber i's readings, period by period:
// the hash of each reading's key, or for KeyNone its position in the write
// order. A record key is the subscriber's name and the period, so the name
// is hashed once and extended by each period when the partitioner allows it.
func (pl *placer) digests(i int) []uint32 {
	d, h := pl.d, pl.h[:pl.d.Source.Periods]
	switch pl.key {
	case KeySubscriber:
		pl.buf = d.Value(pl.buf[:0], KeySubscriber, i, 0)
		x := pl.pt.Hash(pl.buf)
		for j := range h {
			h[j] = x
		}
	case KeyRecord:
		if pl.pt.extend == nil {
			for j := range h {
				pl.buf = d.Value(pl.buf[:0], KeyRecord, i, j)
				h[j] = pl.pt.Hash(pl.buf)
			}
			break
		}
		pl.buf = d.Value(pl.buf[:0], KeySubscriber, i, 0)
		name := pl.pt.prefix(pl.buf)
		for j := range h {
			h[j] = pl.pt.extend(name, pl.periods[j])
		}
	case KeyPeriod:
		copy(h, pl.period)
	case KeyNone:
		for j := range h {
			h[j] = uint32(d.position(i, j))
		}
	}
	return h
}

// row sets row[j] to the partition among n of the reading whose digest is h[j].
func (pl *placer) row(row []int32, h []uint32, n int) {
	if pl.key == KeyNone {
		// Round robin in write order.
		for j, x := range h {
			row[j] = int32(mod(x, n))
		}
		return
	}
	pl.pt.placeRow(row, h, n)
}

// fill sets part[i*Periods+j] to the partition of reading (i, j) among n.
func (pl *placer) fill(part []int32, n int) {
	t := pl.d.Source.Periods
	for i := range pl.d.Source.Subscribers {
		pl.row(part[i*t:i*t+t], pl.digests(i), n)
	}
}
