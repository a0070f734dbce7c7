package sim

// A Kind names what a cell computes: "grid", "spread", "throughput" and so on.
// It is the cell's identity in every package: scenarios decodes a kind's
// fields, sim computes it and names its figures, report renders it, each
// keyed by the Kind its cell's file declares (const KindGrid Kind = "grid" in
// grid.go). Markdown cells are not computations and have no Kind.
type Kind string
