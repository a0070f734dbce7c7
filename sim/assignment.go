package sim

import "strconv"

// Assignment is drill D2: P partitions shared among consumer groups of
// several sizes. 6 partitions, 4 consumers, range: 2 2 1 1; with 10
// consumers 6 are useful and 4 idle, and going past 6 takes more partitions.
type Assignment struct {
	ID         string
	Partitions int
	Consumers  []int
	Assignor   string
}

// AssignmentResult is each group size's shares.
type AssignmentResult struct {
	Kind       string          `json:"kind"` // "assignment"
	ID         string          `json:"id"`
	Assignor   string          `json:"assignor"`
	Partitions int             `json:"partitions"`
	Rows       []AssignmentRow `json:"rows"`
}

// AssignmentRow is one consumer count: each consumer's partitions.
type AssignmentRow struct {
	Consumers int     `json:"consumers"`
	Owned     [][]int `json:"owned"`
	Useful    int     `json:"useful"` // consumers that own a partition
	Idle      int     `json:"idle"`   // consumers that own none
}

func (a Assignment) cellID() string { return a.ID }

func (a Assignment) run(*env) (Result, error) {
	assign, err := AssignorByName(a.Assignor)
	if err != nil {
		return nil, err
	}
	res := &AssignmentResult{Kind: "assignment", ID: a.ID, Assignor: a.Assignor, Partitions: a.Partitions}
	for _, c := range a.Consumers {
		row := AssignmentRow{Consumers: c, Owned: assign(a.Partitions, c)}
		for _, parts := range row.Owned {
			if len(parts) > 0 {
				row.Useful++
			} else {
				row.Idle++
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// Value answers useful@C and idle@C.
func (r *AssignmentResult) Value(name string) (float64, bool) {
	figure, c, ok := atCount(name)
	for _, row := range r.Rows {
		if ok && row.Consumers == c {
			switch figure {
			case "useful":
				return float64(row.Useful), true
			case "idle":
				return float64(row.Idle), true
			}
		}
	}
	return 0, false
}

// Values lists the names Value answers for this cell.
func (a Assignment) Values() []string {
	var names []string
	for _, c := range a.Consumers {
		names = append(names, "useful@"+strconv.Itoa(c), "idle@"+strconv.Itoa(c))
	}
	return names
}
