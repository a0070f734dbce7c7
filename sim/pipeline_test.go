package sim

import "testing"

// TestRegionsRange pins a deviation's range: the lesson's period key at two
// partitions moves the serving between −15.29 and +16.15.
func TestRegionsRange(t *testing.T) {
	tests := []struct {
		name      string
		rs        Regions
		low, high float64
	}{
		{"none", nil, 0, 0},
		{"one", Regions{{"north", -3}}, -3, -3},
		{"lesson period/2", Regions{{"central", 16.15}, {"north", -7.35}, {"east", 12.84}, {"west", -15.29}, {"south", 4.65}}, -15.29, 16.15},
		{"all positive", Regions{{"a", 2}, {"b", 1}, {"c", 3}}, 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rs.Low(); got != tt.low {
				t.Errorf("Low() = %v, want %v", got, tt.low)
			}
			if got := tt.rs.High(); got != tt.high {
				t.Errorf("High() = %v, want %v", got, tt.high)
			}
		})
	}
}
