package sim

// SourceUse says which of the source's parameters a cell's figures depend
// on, so that a page names only those: a lab of keys and partitions does
// not depend on how many subscribers the meter source has.
type SourceUse uint8

const (
	// UsesSeed: a seeded partitioner (the lesson's) or the seeded
	// interleaving of partitions read together.
	UsesSeed SourceUse = 1 << iota
	// UsesReadings: the generated readings, and so the subscribers,
	// periods and records as well as the seed.
	UsesReadings
)

// A sourceUser is a cell whose figures depend on the source; a cell that is
// not one depends on its own spec alone. Each kind says so in its file.
type sourceUser interface {
	sourceUse() SourceUse
}

// Uses is what the cells' figures take from the source, together.
func Uses(cells ...Cell) SourceUse {
	var u SourceUse
	for _, c := range cells {
		if s, ok := c.(sourceUser); ok {
			u |= s.sourceUse()
		}
	}
	return u
}

// seededBy is UsesSeed when the named partitioner hashes with the seed.
func seededBy(partitioner string) SourceUse {
	if mk, ok := partitioners[partitioner]; ok && mk(0).hashing == hashLesson {
		return UsesSeed
	}
	return 0
}
