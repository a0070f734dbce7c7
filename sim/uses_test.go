package sim

import "testing"

func TestUses(t *testing.T) {
	tests := []struct {
		name  string
		cells []Cell
		want  SourceUse
	}{
		{"none", nil, 0},
		{"grid", []Cell{Grid{}}, UsesSeed | UsesReadings},
		{"offsets", []Cell{Offsets{}}, UsesSeed | UsesReadings},
		{"ordering interleaves by the seed", []Cell{Ordering{Partitioner: "murmur2"}}, UsesSeed},
		{"spread, murmur2", []Cell{Spread{Partitioner: "murmur2"}}, 0},
		{"spread, the lesson's partitioner", []Cell{Spread{Partitioner: "lesson"}}, UsesSeed},
		{"repartition, crc32", []Cell{Repartition{Partitioner: "crc32"}}, 0},
		{"repartition, the lesson's partitioner", []Cell{Repartition{Partitioner: "lesson"}}, UsesSeed},
		{"lab kinds of their own", []Cell{Sizing{}, Groups{}, Assignment{}, Throughput{}, Predictions{}}, 0},
		{"together", []Cell{Spread{Partitioner: "lesson"}, Offsets{}}, UsesSeed | UsesReadings},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Uses(tt.cells...); got != tt.want {
				t.Errorf("Uses = %b, want %b", got, tt.want)
			}
		})
	}
}
