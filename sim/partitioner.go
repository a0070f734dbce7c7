package sim

import (
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Partitioner routes a keyed record to one of n partitions in two steps, so
// that a key is hashed once however many partition counts a grid tries: Hash
// digests the key, Place maps the digest onto n partitions. The same key
// always lands in the same partition (DI19).
type Partitioner struct {
	Hash  func(key []byte) uint32
	Place func(h uint32, n int) int

	// hashing says which function Hash is, so that the engine hashes a
	// subscriber's name once for all its record keys; seed is hashLesson's.
	hashing hashing
	seed    int64
	// placing says which function Place is, so that the engine places a row
	// of digests without a call per digest.
	placing placing
}

// hashing names a Hash function the engine knows how to extend: the hash of
// a name followed by a period label, from the name's part alone. The zero
// value is a Hash only a call knows (murmur2 mixes the key's length in
// first).
type hashing uint8

const (
	// hashLesson: Hash(a + b) = lessonDigest(seed, fold(0, a)·131^runes(b) + fold(0, b)),
	// the fold being a polynomial in 131 modulo 2³².
	hashLesson hashing = iota + 1
	// hashCRC32: Hash(a + b) = crc32.Update(Hash(a), IEEETable, b).
	hashCRC32
)

// placing names a Place function the engine knows; the zero value is one
// only a call knows.
type placing uint8

const (
	placeScaled placing = iota + 1 // scale
	placeModulo                    // mod
)

// Partition returns the partition of key among n partitions.
func (p Partitioner) Partition(key []byte, n int) int { return p.Place(p.Hash(key), n) }

// placeOne is Place, without a call for the placements the engine knows.
func (p Partitioner) placeOne(h uint32, n int) int {
	switch p.placing {
	case placeScaled:
		return scale(h, n)
	case placeModulo:
		return mod(h, n)
	}
	return p.Place(h, n)
}

// placeRow sets row[j] to the partition of digest h[j] among n.
func (p Partitioner) placeRow(row []int32, h []uint32, n int) {
	switch p.placing {
	case placeScaled:
		for j, x := range h {
			row[j] = int32(scale(x, n))
		}
	case placeModulo:
		for j, x := range h {
			row[j] = int32(mod(x, n))
		}
	default:
		for j, x := range h {
			row[j] = int32(p.Place(x, n))
		}
	}
}

// partitioners are the names a scenario may use. The lesson partitioner depends
// on the source's seed, so each entry builds its partitioner from it.
var partitioners = map[string]func(seed int64) Partitioner{
	"lesson":  LessonPartitioner,
	"crc32":   func(int64) Partitioner { return CRC32Partitioner },
	"murmur2": func(int64) Partitioner { return Murmur2Partitioner },
}

// PartitionerNames lists the partitioner names, sorted.
func PartitionerNames() []string { return sortedKeys(partitioners) }

// PartitionerByName returns the named partitioner for a source seeded with seed.
func PartitionerByName(name string, seed int64) (Partitioner, error) {
	mk, err := byName(partitioners, "partitioner", name)
	if err != nil {
		return Partitioner{}, err
	}
	return mk(seed), nil
}

// LessonPartitioner is the lesson's route(key, p): the key's characters fold
// into x = (x·131 + ord(c)) mod 2³², and the partition is int(rng(seed + x)·p).
// With seed 20260218 and 4 partitions, subscriber A005 goes to partition 0,
// as the lesson's closing lines print.
func LessonPartitioner(seed int64) Partitioner {
	return Partitioner{
		Hash:    func(key []byte) uint32 { return lessonDigest(seed, fold(0, key)) },
		Place:   scale,
		hashing: hashLesson,
		seed:    seed,
		placing: placeScaled,
	}
}

// lessonDigest is the state rng(seed + x) steps to first, whose scale onto n
// is the lesson's int(rng(seed + x)·n).
func lessonDigest(seed int64, x uint32) uint32 {
	r := NewRand(seed + int64(x))
	return r.Uint32()
}

// fold continues the lesson's string hash x over key's characters.
func fold(x uint32, key []byte) uint32 {
	for len(key) > 0 {
		c, size := rune(key[0]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRune(key) // ord(c) is a code point
		}
		x = x*131 + uint32(c)
		key = key[size:]
	}
	return x
}

// CRC32Partitioner is the Day 24 lab's partitioner: IEEE CRC-32 of the key's
// UTF-8 bytes, mod n. With 8 partitions user-42 goes to 3, cart-9 to 6, order-7
// and payment-3 to 2.
var CRC32Partitioner = Partitioner{
	Hash: crc32.ChecksumIEEE, Place: mod, hashing: hashCRC32, placing: placeModulo,
}

// Murmur2Partitioner is Kafka's default partitioner for keyed records,
// toPositive(murmur2(key)) % n, with Kafka's seed 0x9747b28c
// (org.apache.kafka.common.utils.Utils.murmur2). Kafka's own test vectors:
// murmur2("21") = -973932308, murmur2("foobar") = -790332482.
var Murmur2Partitioner = Partitioner{Hash: func(key []byte) uint32 { return murmur2(key) & 0x7fffffff }, Place: mod, placing: placeModulo}

func mod(h uint32, n int) int { return int(h % uint32(n)) }

func murmur2(data []byte) uint32 {
	const (
		m = 0x5bd1e995
		r = 24
	)
	h := uint32(0x9747b28c) ^ uint32(len(data))
	for len(data) >= 4 {
		k := uint32(data[0]) | uint32(data[1])<<8 | uint32(data[2])<<16 | uint32(data[3])<<24
		k *= m
		k ^= k >> r
		k *= m
		h *= m
		h ^= k
		data = data[4:]
	}
	switch len(data) {
	case 3:
		h ^= uint32(data[2]) << 16
		fallthrough
	case 2:
		h ^= uint32(data[1]) << 8
		fallthrough
	case 1:
		h ^= uint32(data[0])
		h *= m
	}
	h ^= h >> 13
	h *= m
	h ^= h >> 15
	return h
}

// byName looks a name up in one of the registries; the error lists the
// names a scenario may use, sorted.
func byName[V any](registry map[string]V, what, name string) (V, error) {
	v, ok := registry[name]
	if !ok {
		return v, fmt.Errorf("unknown %s %q (want one of %s)", what, name, strings.Join(sortedKeys(registry), ", "))
	}
	return v, nil
}

func sortedKeys[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
