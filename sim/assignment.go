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
	Kind       Kind            `json:"kind"` // KindAssignment
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

// KindAssignment is the kind of a Assignment cell.
const KindAssignment Kind = "assignment"

// Kind returns KindAssignment.
func (Assignment) Kind() Kind { return KindAssignment }

// CellID returns the cell's id.
func (a Assignment) CellID() string { return a.ID }

func (a Assignment) run(e *env) (Result, error) {
	assign, err := AssignorByName(a.Assignor)
	if err != nil {
		return nil, err
	}
	res := &AssignmentResult{Kind: KindAssignment, ID: a.ID, Assignor: a.Assignor, Partitions: a.Partitions}
	for _, c := range a.Consumers {
		e.tick(a.Partitions + c)
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

// An assignment's figures are a family over its consumer counts: useful@C
// and idle@C.
var assignmentFigures = figureTable[Assignment, *AssignmentResult, AssignmentRow]{
	members: func(a Assignment) []string { return itoaAll(a.Consumers) },
	row: func(r *AssignmentResult, member string) (AssignmentRow, bool) {
		c, err := strconv.Atoi(member)
		for _, row := range r.Rows {
			if err == nil && row.Consumers == c {
				return row, true
			}
		}
		return AssignmentRow{}, false
	},
	family: []figure[Assignment, AssignmentRow]{
		{name: "useful", value: func(r AssignmentRow) float64 { return float64(r.Useful) }},
		{name: "idle", value: func(r AssignmentRow) float64 { return float64(r.Idle) }},
	},
}

func (Assignment) figures() figureSet { return assignmentFigures }

// Cost of an assignment: each consumer count shares out every partition; a
// row per consumer count, listing every partition under its owner.
func (a Assignment) Cost(Source) Cost {
	rows := int64(len(a.Consumers))
	numbers := rows*int64(a.Partitions) + sum(a.Consumers)
	return Cost{Visits: numbers, Rows: rows, Bytes: cellBytes + rows*rowBytes + listBytes(numbers, int64(a.Partitions))}
}
