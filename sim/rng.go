package sim

// Rand is the lesson's generator rng(t): a 32-bit avalanche of the seed t (two
// multiply-xorshift rounds) starts a linear congruential generator with the
// Numerical Recipes constants 1664525 and 1013904223. Each step yields a value
// in [0, 1) with 32 bits of precision.
//
// The lesson seeds it with SEED + 37·i for subscriber i, SEED + 101·i + 7·j for
// the reading of subscriber i in period j, and SEED + x for a key whose string
// hash is x (see LessonPartitioner).
type Rand struct{ s uint32 }

// NewRand returns the generator the lesson calls rng(t). Python's integers are
// unbounded; for every t that fits in an int64 the low 32 bits of
// (t ^ (t >> 16)) * 2246822507 are the same in two's-complement 64-bit
// arithmetic, which is why t may be negative.
func NewRand(t int64) Rand {
	x := uint32(uint64(t^(t>>16)) * 2246822507)
	x = (x ^ (x >> 13)) * 3266489909
	return Rand{s: x ^ (x >> 16)}
}

// Uint32 advances the generator and returns its new state; the lesson's value
// is Uint32() / 2³².
func (r *Rand) Uint32() uint32 {
	r.s = r.s*1664525 + 1013904223
	return r.s
}

// Intn returns int(rng() * n) as the lesson computes it in floating point.
// s / 2³² is exact in a float64, and so is its product with any n below 2²¹,
// so the truncated product equals (s · n) >> 32 computed in integers.
func (r *Rand) Intn(n int) int {
	return scale(r.Uint32(), n)
}

// scale maps a 32-bit state onto [0, n) as int(s / 2³² * n) does for n < 2²¹.
func scale(s uint32, n int) int {
	return int(uint64(s) * uint64(n) >> 32)
}
