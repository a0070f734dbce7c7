package sim

import "math/bits"

// adaptiveDraw is the adaptive partitioner's draw (see Keyless) made
// incremental, with exactly the picks of the draw as kgo makes it. kgo sums
// the P weights and walks them from the last partition down at every
// switch, P steps each; here the weights live in a Fenwick tree as exact
// fixed-point integers, which finds the pick in log P steps, and the draw
// in floating point is replayed step by step only when the pick lies so
// near a boundary between two partitions that the rounding of kgo's sums
// could move it across (at 4,096 partitions, about one switch in 100,000).
//
// Why the tree's pick is kgo's: kgo's sums and its walk each round at most
// P times, every rounding within 2⁻⁵³ of a value at most the total T, so
// every value kgo compares differs from the exact one by less than
// (2P + 2)·2⁻⁵³·T; the fixed-point weights are within 2⁻⁴⁹ each. The tree's
// pick is taken only when the draw lies farther than (T + 1)·P·2⁻⁴² from
// both edges of the partition it falls in, far outside both errors.
type adaptiveDraw struct {
	batch int
	w     []float64 // each partition's weight, 1 ÷ (backlog + 1)
	fixed []uint64  // the weights in fixed point, units of unit
	tree  []uint64  // Fenwick tree over the partitions from the last down, 1-based
	total uint64    // the fixed weights' sum
	unit  float64   // 2^-shift, one unit of fixed
	shift int
}

// newAdaptiveDraw is the draw over p partitions, none holding a record.
func newAdaptiveDraw(p, batch int) *adaptiveDraw {
	shift := 62 - bits.Len(uint(p)) // p weights of at most 1 stay under 2⁶²
	a := &adaptiveDraw{batch: batch, w: make([]float64, p), fixed: make([]uint64, p), tree: make([]uint64, p+1),
		shift: shift, unit: 1 / float64(uint64(1)<<shift)}
	for q := range a.w {
		a.w[q], a.fixed[q] = 1, 1<<shift
		a.total += a.fixed[q]
	}
	for j := 1; j <= p; j++ { // the linear build: each node passes its sum up once
		a.tree[j] += 1 << shift
		if up := j + j&-j; up <= p {
			a.tree[up] += a.tree[j]
		}
	}
	return a
}

// set gives partition q the weight of a partition holding count records.
func (a *adaptiveDraw) set(q, count int) {
	a.w[q] = 1 / float64(count%a.batch+1)
	f := uint64(a.w[q]*float64(uint64(1)<<a.shift) + 0.5)
	delta := f - a.fixed[q] // modulo 2⁶⁴, which the tree's sums undo
	a.fixed[q], a.total = f, a.total+delta
	for j := len(a.w) - q; j < len(a.tree); j += j & -j {
		a.tree[j] += delta
	}
}

// pick draws a partition as kgo does: a uniform draw scaled by the
// weights' sum, then the partitions from the last down, each taking its
// weight off, the first that takes it to zero or below chosen.
func (a *adaptiveDraw) pick(rng *Rand, m *meter) int { return a.pickAt(rng.Uint32(), m) }

// pickAt is pick of the draw u ÷ 2³².
func (a *adaptiveDraw) pickAt(u uint32, m *meter) int {
	r := float64(u) / (1 << 32)
	p := len(a.w)
	t := float64(a.total) * a.unit
	x := r * t
	margin := (t + 1) * float64(p) * 0x1p-42
	// The longest run of partitions from the last down whose weights sum
	// to at most x, in whole units: the pick is the partition after it.
	pos, below := 0, uint64(0)
	want := uint64(x / a.unit)
	for step := 1 << (bits.Len(uint(p)) - 1); step > 0; step >>= 1 {
		if next := pos + step; next <= p && below+a.tree[next] <= want {
			pos, below = next, below+a.tree[next]
		}
	}
	m.tick(bits.Len(uint(p)))
	if pos < p {
		q := p - 1 - pos
		lo, hi := float64(below)*a.unit, float64(below+a.fixed[q])*a.unit
		if lo < x-margin && hi > x+margin {
			return q
		}
	}
	// Too near an edge: kgo's draw, step by step.
	m.tick(2 * p)
	var total float64
	for q := p - 1; q >= 0; q-- {
		total += a.w[q]
	}
	return KeylessAdaptivePick(a.w, r*total)
}
