package sim

// Groups is drill D5: several consumer groups read the same topic. Each
// group gets every record (pub/sub across groups); within a group each record
// goes to one member (a work queue). Group A with 3 consumers and group B with
// 1 on 6 partitions: A's members take 2 partitions each, B's one member all 6.
type Groups struct {
	ID         string
	Partitions int
	Records    int // per partition
	Groups     []GroupsGroup
	Assignor   string
}

// GroupsGroup is one consumer group.
type GroupsGroup struct {
	Name      string
	Consumers int
}

// GroupsResult is each group's share of the topic.
type GroupsResult struct {
	Kind       Kind          `json:"kind"` // KindGroups
	ID         string        `json:"id"`
	Assignor   string        `json:"assignor"`
	Partitions int           `json:"partitions"`
	Records    int           `json:"records"` // in the topic
	Groups     []GroupsShare `json:"groups"`
}

// GroupsShare is what one group received.
type GroupsShare struct {
	Name     string  `json:"name"`
	Received int     `json:"received"` // records the group's members read together
	Owned    [][]int `json:"owned"`    // each member's partitions
	Loads    []int   `json:"loads"`    // each member's records
}

// Idle is how many of the group's members own no partition: those past the
// partition count, since a partition has one owner in a group.
func (s GroupsShare) Idle() int {
	n := 0
	for _, o := range s.Owned {
		if len(o) == 0 {
			n++
		}
	}
	return n
}

// KindGroups is the kind of a Groups cell.
const KindGroups Kind = "groups"

// Kind returns KindGroups.
func (Groups) Kind() Kind { return KindGroups }

// CellID returns the cell's id.
func (g Groups) CellID() string { return g.ID }

func (g Groups) run(e *env) (Result, error) {
	assign, err := AssignorByName(g.Assignor)
	if err != nil {
		return nil, err
	}
	sizes := make([]int, g.Partitions)
	for p := range sizes {
		sizes[p] = g.Records
	}
	res := &GroupsResult{Kind: KindGroups, ID: g.ID, Assignor: g.Assignor, Partitions: g.Partitions,
		Records: g.Partitions * g.Records}
	for _, grp := range g.Groups {
		// Groups keep their own offsets: each is assigned the whole topic,
		// whatever the others do.
		e.tick(2*g.Partitions + grp.Consumers)
		owned := assign(g.Partitions, grp.Consumers)
		share := GroupsShare{Name: grp.Name, Owned: owned, Loads: GroupLoads(sizes, owned)}
		for _, l := range share.Loads {
			share.Received += l
		}
		res.Groups = append(res.Groups, share)
	}
	return res, nil
}

// A groups cell's figures are a family: received@NAME and idle@NAME for
// every group.
var groupsFigures = figureTable[Groups, *GroupsResult, GroupsShare]{
	members: func(g Groups) []string {
		names := make([]string, len(g.Groups))
		for i, grp := range g.Groups {
			names[i] = grp.Name
		}
		return names
	},
	row: func(r *GroupsResult, name string) (GroupsShare, bool) {
		for _, g := range r.Groups {
			if g.Name == name {
				return g, true
			}
		}
		return GroupsShare{}, false
	},
	family: []figure[Groups, GroupsShare]{
		{name: "received", value: func(g GroupsShare) float64 { return float64(g.Received) }},
		{name: "idle", value: func(g GroupsShare) float64 { return float64(g.Idle()) }},
	},
}

func (Groups) figures() figureSet { return groupsFigures }

// Cost of a groups cell: each group shares out every partition; a row per
// group, listing every partition under its owner and each member's load.
func (g Groups) Cost(Source) Cost {
	rows := int64(len(g.Groups))
	numbers := rows * int64(g.Partitions)
	for _, grp := range g.Groups {
		numbers += 2 * int64(grp.Consumers)
	}
	return Cost{Visits: numbers, Rows: rows,
		Bytes: cellBytes + rows*rowBytes + listBytes(numbers, int64(g.Partitions)*int64(g.Records))}
}
