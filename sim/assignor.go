package sim

// An Assignor shares partitions 0…partitions-1 among the consumers of one
// group and returns each consumer's partitions in ascending order. Every
// partition has exactly one owner (DI20); consumers beyond the partition count
// own nothing.
type Assignor func(partitions, consumers int) [][]int

var assignors = map[string]Assignor{
	"roundrobin": RoundRobin,
	"range":      Range,
}

// AssignorNames lists the assignor names, sorted.
func AssignorNames() []string { return sortedKeys(assignors) }

// AssignorByName returns the named assignor.
func AssignorByName(name string) (Assignor, error) { return byName(assignors, "assignor", name) }

// RoundRobin is the lesson's consumer_group: partition p goes to consumer
// p mod C. For one topic it is also Kafka's RoundRobinAssignor.
// 6 partitions, 4 consumers: [0 4] [1 5] [2] [3].
func RoundRobin(partitions, consumers int) [][]int {
	owned := make([][]int, consumers)
	for p := range partitions {
		owned[p%consumers] = append(owned[p%consumers], p)
	}
	return owned
}

// Range is Kafka's RangeAssignor for one topic: consecutive runs of
// partitions, the first partitions mod consumers runs one longer.
// 6 partitions, 4 consumers: [0 1] [2 3] [4] [5].
func Range(partitions, consumers int) [][]int {
	owned := make([][]int, consumers)
	per, extra := partitions/consumers, partitions%consumers
	for c := range consumers {
		start := c*per + min(c, extra)
		n := per
		if c < extra {
			n++
		}
		for p := start; p < start+n; p++ {
			owned[c] = append(owned[c], p)
		}
	}
	return owned
}
