// Package sim is the seeded engine of the lessons; it does no I/O and reads no clock.
//
// It reproduces the Messaging Systems lesson exactly: the hash-seeded generator
// (see Rand), the meter-reading source (Source, Data), the five-stage pipeline and
// its healthy baseline, the partitioners that route a record by its key, the
// assignors that share partitions among a consumer group, and the per-partition
// consumption of DI22. A Grid runs every key × partition count × consumer count
// combination through that pipeline; an Offsets cell follows one partition's
// offsets and one subscriber's records.
//
// "Exact" is meant literally: for any seed, subscriber count, period count,
// partition count and consumer count the figures equal those of the lesson's
// Python code, including Python's round(x, 2) and the order in which regions are
// first seen. Floating point is used only where the lesson uses it, and in the
// same order of operations.
//
// A Rebalance follows one consumer group through members joining and
// leaving under several rebalance protocols (balancer.go: the eager range
// and round-robin balancers, a cooperative sticky one, and KIP-848's server
// assignors), step by step and exactly.
//
// A grid's Engine may also ask for the same combinations measured on a real
// Kafka protocol. That is package partlab/sim/kafka's work; sim only holds what
// both engines share: Data.Observe, which turns what a consumer group read into
// a GridRow, GridRow.Differ, and GridObserved, the measured rows beside the
// simulated ones.
//
// sim is not for rendering or for reading files: it knows nothing of YAML, HTML or
// the file system. Package scenarios builds its inputs; package report renders its
// results.
package sim
