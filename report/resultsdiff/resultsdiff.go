// Package resultsdiff compares two partlab results — two results.json files,
// or the */results.json of two output folders matched by scenario — and
// says what changed: the named figures, as expect: names them, and the
// conclusions that flipped, in words, cell by cell; it writes the
// comparison as text, as a Markdown pull-request comment or as JSON.
//
// It reads results.json as report writes it and needs only the figures and
// conclusions there; it computes nothing and knows no scenario file. Exit
// statuses and the escaping of terminal output are the command line's.
package resultsdiff

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/readfile"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/sim"
)

// Compare reads old and new, each a results.json or an output folder (both
// the same), and returns what changed, scenario by scenario; nil when
// nothing did. Two files are one scenario, whatever their folders are called.
// Every error is about the inputs: one that cannot be read, or is not
// results.json.
func Compare(oldPath, newPath string) ([]Scenario, error) {
	old, oldDir, err := read(oldPath)
	if err != nil {
		return nil, err
	}
	cur, curDir, err := read(newPath)
	if err != nil {
		return nil, err
	}
	if oldDir != curDir {
		return nil, errors.New("diff compares a results.json with a results.json, or a folder with a folder")
	}
	if !oldDir {
		cur[0].name = old[0].name
	}
	return compare(old, cur), nil
}

// resultsFile is one scenario's results.json, as diff reads it: only the named
// figures and the conclusions of each cell.
type resultsFile struct {
	name   string        // the scenario's folder
	Format int           `json:"format"` // 0 in a file written before the field
	Title  string        `json:"title"`
	Cells  []resultsCell `json:"cells"`
}

type resultsCell struct {
	Kind        sim.Kind           `json:"kind"`
	ID          string             `json:"id"`
	Figures     map[string]float64 `json:"figures"`
	Conclusions map[string]bool    `json:"conclusions"`
}

// maxResults bounds a results.json that diff reads: the default --max-output.
const maxResults = 256 << 20

// read reads a results.json, or every */results.json of a folder,
// sorted by scenario name; dir reports which.
func read(path string) (rs []resultsFile, dir bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, false, err
	}
	files := []string{path}
	if st.IsDir() {
		if files, err = filepath.Glob(filepath.Join(path, "*", "results.json")); err != nil {
			return nil, true, err
		}
		if len(files) == 0 {
			return nil, true, fmt.Errorf("%s: no */results.json in this folder", path)
		}
	}
	for _, f := range files {
		within := filepath.Dir(f)
		if st.IsDir() {
			within = path
		}
		b, err := readfile.Read(f, within, maxResults)
		if err != nil {
			return nil, st.IsDir(), err
		}
		r := resultsFile{name: filepath.Base(filepath.Dir(f))}
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, st.IsDir(), fmt.Errorf("%s: not a partlab results.json: %w", f, err)
		}
		if r.Format > report.ResultsFormat {
			return nil, st.IsDir(), fmt.Errorf("%s: results.json format %d, and this partlab reads up to %d: compare it with the partlab that wrote it, or a newer one", f, r.Format, report.ResultsFormat)
		}
		rs = append(rs, r)
	}
	return rs, st.IsDir(), nil
}

// A Scenario is what changed in one scenario; Status is "added" or
// "removed" for a scenario on one side only, "changed" otherwise.
type Scenario struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Cells  []Cell `json:"cells,omitempty"`
}

// A Cell is one cell's changes; Status as Scenario's.
type Cell struct {
	ID          string             `json:"id"`
	Kind        sim.Kind           `json:"kind"`
	Status      string             `json:"status"`
	Figures     []FigureChange     `json:"figures,omitempty"`
	Conclusions []ConclusionChange `json:"conclusions,omitempty"`
}

// A FigureChange is a figure's old and new value; nil where one side has
// no such figure.
type FigureChange struct {
	Figure string   `json:"figure"` // id.figure, as expect: names it
	Old    *float64 `json:"old"`
	New    *float64 `json:"new"`
}

// A ConclusionChange is a conclusion's old and new value, nil where one
// side has none, and what the new value means.
type ConclusionChange struct {
	Conclusion string `json:"conclusion"`
	Old        *bool  `json:"old"`
	New        *bool  `json:"new"`
	Words      string `json:"words"` // what the new value means
}

func compare(old, cur []resultsFile) []Scenario {
	var out []Scenario
	for _, name := range unionBy(old, cur, func(r resultsFile) string { return r.name }) {
		o, inOld := find(old, func(r resultsFile) bool { return r.name == name })
		n, inNew := find(cur, func(r resultsFile) bool { return r.name == name })
		switch {
		case !inNew:
			out = append(out, Scenario{Name: name, Status: "removed"})
		case !inOld:
			out = append(out, Scenario{Name: name, Status: "added"})
		default:
			if cells := compareCells(o, n); len(cells) > 0 {
				out = append(out, Scenario{Name: name, Status: "changed", Cells: cells})
			}
		}
	}
	return out
}

func compareCells(old, cur resultsFile) []Cell {
	var out []Cell
	// Cells keep the new file's order; cells removed follow. A flipped
	// conclusion is listed before the figures, which explain it.
	for _, id := range unionBy(cur.Cells, old.Cells, func(c resultsCell) string { return c.ID }) {
		o, inOld := find(old.Cells, func(c resultsCell) bool { return c.ID == id })
		n, inNew := find(cur.Cells, func(c resultsCell) bool { return c.ID == id })
		d := Cell{ID: id, Kind: n.Kind, Status: "changed"}
		switch {
		case !inNew:
			d.Kind, d.Status = o.Kind, "removed"
		case !inOld:
			d.Status = "added"
		}
		for _, f := range sortedUnion(o.Figures, n.Figures) {
			ov, inO := o.Figures[f]
			nv, inN := n.Figures[f]
			if inO != inN || ov != nv {
				d.Figures = append(d.Figures, FigureChange{Figure: id + "." + f, Old: ptr(ov, inO), New: ptr(nv, inN)})
			}
		}
		for _, c := range sortedUnion(o.Conclusions, n.Conclusions) {
			ov, inO := o.Conclusions[c]
			nv, inN := n.Conclusions[c]
			if inO != inN || ov != nv {
				cc := ConclusionChange{Conclusion: c, Old: ptr(ov, inO), New: ptr(nv, inN)}
				if inN {
					cc.Words = report.ConclusionWords(c, nv)
				}
				d.Conclusions = append(d.Conclusions, cc)
			}
		}
		if d.Status != "changed" || len(d.Figures) > 0 || len(d.Conclusions) > 0 {
			out = append(out, d)
		}
	}
	return out
}

func ptr[T any](v T, ok bool) *T {
	if !ok {
		return nil
	}
	return &v
}

// unionBy lists the keys of a, then those of b not in a.
func unionBy[T any](a, b []T, key func(T) string) []string {
	var out []string
	for _, s := range [][]T{a, b} {
		for _, v := range s {
			if k := key(v); !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

func find[T any](s []T, match func(T) bool) (T, bool) {
	if i := slices.IndexFunc(s, match); i >= 0 {
		return s[i], true
	}
	var zero T
	return zero, false
}

// sortedUnion lists the names of a and b once each, in the order a reader
// counts (sim.CompareFigureNames): speedup@2 before speedup@16.
func sortedUnion[V any](a, b map[string]V) []string {
	out := slices.Collect(maps.Keys(a))
	for k := range b {
		if _, dup := a[k]; !dup {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, sim.CompareFigureNames)
	return out
}

func show[T any](v *T) string {
	switch v := any(v).(type) {
	case *float64:
		if v != nil {
			return sim.Number(*v)
		}
	case *bool:
		if v != nil {
			return fmt.Sprint(*v)
		}
	}
	return "—"
}

// Text writes one line per scenario, cell, conclusion and figure that changed.
func Text(w io.Writer, diffs []Scenario) error {
	var b strings.Builder
	if len(diffs) == 0 {
		b.WriteString("no figure or conclusion changed\n")
	}
	for _, s := range diffs {
		fmt.Fprintf(&b, "%s: %s\n", s.Name, s.Status)
		for _, c := range s.Cells {
			fmt.Fprintf(&b, "  %s cell %s: %s\n", c.Kind, c.ID, c.Status)
			for _, cc := range c.Conclusions {
				fmt.Fprintf(&b, "    conclusion %s: %s → %s", cc.Conclusion, show(cc.Old), show(cc.New))
				if cc.Words != "" {
					fmt.Fprintf(&b, ": %s", cc.Words)
				}
				b.WriteByte('\n')
			}
			for _, f := range c.Figures {
				fmt.Fprintf(&b, "    %s: %s → %s\n", f.Figure, show(f.Old), show(f.New))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Markdown writes a pull-request comment: a heading and a table per
// scenario. Cell ids and names are the scenario's and cannot hold a pipe
// (ids are [A-Za-z0-9_], figure names the engine's), so no cell needs escaping.
func Markdown(w io.Writer, diffs []Scenario) error {
	var b strings.Builder
	b.WriteString("## partlab diff\n\n")
	if len(diffs) == 0 {
		b.WriteString("No figure or conclusion changed.\n")
	}
	for _, s := range diffs {
		fmt.Fprintf(&b, "### %s (%s)\n\n", s.Name, s.Status)
		if len(s.Cells) == 0 {
			continue
		}
		b.WriteString("| cell | figure or conclusion | old | new | meaning |\n|---|---|--:|--:|---|\n")
		for _, c := range s.Cells {
			cellName := fmt.Sprintf("%s `%s`", c.Kind, c.ID)
			if c.Status != "changed" {
				cellName += " (" + c.Status + ")"
			}
			for _, cc := range c.Conclusions {
				fmt.Fprintf(&b, "| %s | **%s** | %s | %s | %s |\n", cellName, cc.Conclusion, show(cc.Old), show(cc.New), cc.Words)
			}
			for _, f := range c.Figures {
				fmt.Fprintf(&b, "| %s | `%s` | %s | %s | |\n", cellName, f.Figure, show(f.Old), show(f.New))
			}
			if len(c.Figures) == 0 && len(c.Conclusions) == 0 {
				fmt.Fprintf(&b, "| %s | | | | |\n", cellName)
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON writes {"changed": …, "scenarios": […]}, indented.
func JSON(w io.Writer, diffs []Scenario) error {
	if diffs == nil {
		diffs = []Scenario{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Changed   bool       `json:"changed"`
		Scenarios []Scenario `json:"scenarios"`
	}{len(diffs) > 0, diffs})
}
