package sim

import "hash/crc32"

// Key names the field a record is partitioned by (DI21).
type Key string

// The partition keys of the lesson, every other field of its source
// ("all three are fields of the source itself", DI21), and the keyless case
// of the Day 24 lab.
const (
	KeySubscriber Key = "subscriber" // A005
	KeyRecord     Key = "record"     // A0052026-03: subscriber and period
	KeyPeriod     Key = "period"     // 2026-03
	KeyRegion     Key = "region"     // east: five values, the hot-partition case
	KeyType       Key = "type"       // residential: two values
	KeyNone       Key = "none"       // no key: round robin in write order
)

var keys = map[string]Key{
	string(KeySubscriber): KeySubscriber,
	string(KeyRecord):     KeyRecord,
	string(KeyPeriod):     KeyPeriod,
	string(KeyRegion):     KeyRegion,
	string(KeyType):       KeyType,
	string(KeyNone):       KeyNone,
}

// perSubscriber reports whether every reading of a subscriber has the same
// value of k, so that the subscriber's readings share one partition: the
// subscriber and the fields drawn once per subscriber, its region and type.
func (k Key) perSubscriber() bool {
	return k == KeySubscriber || k == KeyRegion || k == KeyType
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
	case KeyRegion:
		return append(buf, regionNames[d.region[i]]...)
	case KeyType:
		return append(buf, typeNames[d.kind[i]]...)
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
	// hashLesson: the fold of a record key is its name's fold times shift[j]
	// plus suffix[j], the fold of period j's label.
	shift, suffix [MaxPeriods]uint32
	period        []uint32 // KeyPeriod: each period's digest, the same for everyone
	// field: KeyRegion and KeyType, the digest of each of the field's values
	// (regionNames, typeNames), and each subscriber's value as an index.
	field   []uint32
	fieldOf []uint8
	h       [MaxPeriods]uint32
	name    []byte // the name of subscriber at
	at      int
	buf     []byte
}

func newPlacer(d *Data, k Key, pt Partitioner) *placer {
	pl := &placer{d: d, key: k, pt: pt, at: -2}
	for j, label := range d.periods {
		pl.periods = append(pl.periods, []byte(label))
		pl.suffix[j] = fold(0, pl.periods[j])
		pl.shift[j] = 1
		for range label { // one factor of 131 per character, as fold takes them
			pl.shift[j] *= 131
		}
		if k == KeyPeriod {
			pl.period = append(pl.period, pt.Hash(d.Value(nil, k, 0, j)))
		}
	}
	var values []string
	switch k {
	case KeyRegion:
		values, pl.fieldOf = regionNames[:], d.region
	case KeyType:
		values, pl.fieldOf = typeNames[:], d.kind
	}
	for _, v := range values {
		pl.field = append(pl.field, pt.Hash([]byte(v)))
	}
	return pl
}

// subscriberDigest is the digest of every reading of subscriber i under a
// key of one value per subscriber (Key.perSubscriber).
func (pl *placer) subscriberDigest(i int) uint32 {
	if pl.key == KeySubscriber {
		return pl.pt.Hash(pl.nameOf(i))
	}
	return pl.field[pl.fieldOf[i]]
}

// nameOf returns subscriber i's name. Subscribers come in index order, and
// the name of the next one is mostly this one's with its last digit raised,
// so the name is edited in place unless the digit carries.
func (pl *placer) nameOf(i int) []byte {
	if last := len(pl.name) - 1; i == pl.at+1 && last > 0 && pl.name[last] < '9' {
		pl.name[last]++
	} else {
		pl.name = appendName(pl.name[:0], i)
	}
	pl.at = i
	return pl.name
}

// digests returns the digests of subscriber i's readings, period by period:
// the hash of each reading's key, or for KeyNone its position in the write
// order. A record key is the subscriber's name and the period, so the name
// is hashed once and extended by each period when the partitioner allows it.
func (pl *placer) digests(i int) []uint32 {
	d, h := pl.d, pl.h[:pl.d.Source.Periods]
	switch pl.key {
	case KeySubscriber, KeyRegion, KeyType:
		x := pl.subscriberDigest(i)
		for j := range h {
			h[j] = x
		}
	case KeyRecord:
		pl.recordDigests(h, pl.nameOf(i))
	case KeyPeriod:
		copy(h, pl.period)
	case KeyNone:
		for j := range h {
			h[j] = uint32(d.position(i, j))
		}
	}
	return h
}

// recordDigests sets h[j] to the hash of name followed by period j's label.
func (pl *placer) recordDigests(h []uint32, name []byte) {
	switch pl.pt.hashing {
	case hashLesson:
		x, seed := fold(0, name), pl.pt.seed
		for j := range h {
			h[j] = lessonDigest(seed, x*pl.shift[j]+pl.suffix[j])
		}
	case hashCRC32:
		crc := crc32.ChecksumIEEE(name)
		for j := range h {
			h[j] = crc32.Update(crc, crc32.IEEETable, pl.periods[j])
		}
	default:
		for j := range h {
			pl.buf = append(append(pl.buf[:0], name...), pl.periods[j]...)
			h[j] = pl.pt.Hash(pl.buf)
		}
	}
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

// uniform places the readings among n partitions without visiting them
// when every subscriber moves alike from one period to the next: sizes[p] is
// partition p's records and stay[j] says whether every reading of period j
// sits in the partition of its subscriber's reading of period j-1. One
// partition keeps everyone in place. A period key puts each period whole in
// one partition. Keyless readings go round robin in write order, period
// after period, so a subscriber's next reading is Subscribers positions on:
// in the same partition for everyone when n divides Subscribers, for no one
// otherwise. ok is false for the other keys, whose placements depend on
// the subscriber.
func (pl *placer) uniform(n int) (sizes []int, stay []bool, ok bool) {
	d := pl.d
	subs, t := d.Source.Subscribers, d.Source.Periods
	sizes, stay = make([]int, n), make([]bool, t)
	switch {
	case n == 1:
		sizes[0] = d.Records()
		for j := range stay {
			stay[j] = true
		}
	case pl.key == KeyPeriod:
		prev := -1
		for j, h := range pl.period {
			p := pl.pt.placeOne(h, n)
			sizes[p] += subs
			stay[j] = p == prev
			prev = p
		}
	case pl.key == KeyNone:
		for p := range sizes {
			sizes[p] = d.Records() / n
			if p < d.Records()%n {
				sizes[p]++
			}
		}
		for j := range stay {
			stay[j] = subs%n == 0
		}
	default:
		return nil, nil, false
	}
	return sizes, stay, true
}
