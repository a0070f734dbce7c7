package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/readfile"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/sim"
)

// errChanged is diff's answer when the results differ: exit status 1, as
// diff(1) has it.
var errChanged = errors.New("the results differ")

// diffFormats are diff's outputs.
var diffFormats = map[string]func(io.Writer, []scenarioDiff) error{
	"text":     diffText,
	"markdown": diffMarkdown,
	"json":     diffJSON,
}

// diff compares two results.json files, or the */results.json of two output
// folders matched by scenario name: the named figures that changed and the
// conclusions that flipped, cell by cell. It exits 0 when nothing changed,
// 1 when something did and 2 when the inputs cannot be read.
func diff(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("diff", stderr)
	format := fs.String("format", "text", "output format: text, markdown (a pull-request comment) or json")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	write, ok := diffFormats[*format]
	switch {
	case !ok:
		return usageError{fmt.Errorf("unknown format %q (want json, markdown or text)", *format)}
	case fs.NArg() != 2:
		return usageError{errors.New("diff takes two results: OLD NEW, each a results.json or an output folder")}
	}
	old, oldDir, err := readResults(fs.Arg(0))
	if err != nil {
		return usageError{err}
	}
	cur, curDir, err := readResults(fs.Arg(1))
	if err != nil {
		return usageError{err}
	}
	if oldDir != curDir {
		return usageError{errors.New("diff compares a results.json with a results.json, or a folder with a folder")}
	}
	if !oldDir { // two files are one scenario, whatever their folders are called
		cur[0].name = old[0].name
	}
	diffs := compareResults(old, cur)
	if err := write(stdout, diffs); err != nil {
		return err
	}
	if len(diffs) > 0 {
		return errChanged
	}
	return nil
}

// results is one scenario's results.json, as diff reads it: only the named
// figures and the conclusions of each cell.
type resultsFile struct {
	name  string        // the scenario's folder
	Title string        `json:"title"`
	Cells []resultsCell `json:"cells"`
}

type resultsCell struct {
	Kind        sim.Kind           `json:"kind"`
	ID          string             `json:"id"`
	Figures     map[string]float64 `json:"figures"`
	Conclusions map[string]bool    `json:"conclusions"`
}

// maxResults bounds a results.json that diff reads: the default --max-output.
const maxResults = 256 << 20

// readResults reads a results.json, or every */results.json of a folder,
// sorted by scenario name; dir reports which.
func readResults(path string) (rs []resultsFile, dir bool, err error) {
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
		rs = append(rs, r)
	}
	return rs, st.IsDir(), nil
}

// A scenarioDiff is what changed in one scenario; Status is "added" or
// "removed" for a scenario on one side only, "changed" otherwise.
type scenarioDiff struct {
	Name   string     `json:"name"`
	Status string     `json:"status"`
	Cells  []cellDiff `json:"cells,omitempty"`
}

// A cellDiff is one cell's changes; Status as scenarioDiff's.
type cellDiff struct {
	ID          string             `json:"id"`
	Kind        sim.Kind           `json:"kind"`
	Status      string             `json:"status"`
	Figures     []figureChange     `json:"figures,omitempty"`
	Conclusions []conclusionChange `json:"conclusions,omitempty"`
}

// A figureChange is a figure's old and new value; nil where one side has
// no such figure.
type figureChange struct {
	Figure string   `json:"figure"` // id.figure, as expect: names it
	Old    *float64 `json:"old"`
	New    *float64 `json:"new"`
}

type conclusionChange struct {
	Conclusion string `json:"conclusion"`
	Old        *bool  `json:"old"`
	New        *bool  `json:"new"`
	Words      string `json:"words"` // what the new value means
}

func compareResults(old, cur []resultsFile) []scenarioDiff {
	var out []scenarioDiff
	for _, name := range unionBy(old, cur, func(r resultsFile) string { return r.name }) {
		o, inOld := find(old, func(r resultsFile) bool { return r.name == name })
		n, inNew := find(cur, func(r resultsFile) bool { return r.name == name })
		switch {
		case !inNew:
			out = append(out, scenarioDiff{Name: name, Status: "removed"})
		case !inOld:
			out = append(out, scenarioDiff{Name: name, Status: "added"})
		default:
			if cells := compareCells(o, n); len(cells) > 0 {
				out = append(out, scenarioDiff{Name: name, Status: "changed", Cells: cells})
			}
		}
	}
	return out
}

func compareCells(old, cur resultsFile) []cellDiff {
	var out []cellDiff
	// Cells keep the new file's order; cells removed follow. A flipped
	// conclusion is listed before the figures, which explain it.
	for _, id := range unionBy(cur.Cells, old.Cells, func(c resultsCell) string { return c.ID }) {
		o, inOld := find(old.Cells, func(c resultsCell) bool { return c.ID == id })
		n, inNew := find(cur.Cells, func(c resultsCell) bool { return c.ID == id })
		d := cellDiff{ID: id, Kind: n.Kind, Status: "changed"}
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
				d.Figures = append(d.Figures, figureChange{Figure: id + "." + f, Old: ptr(ov, inO), New: ptr(nv, inN)})
			}
		}
		for _, c := range sortedUnion(o.Conclusions, n.Conclusions) {
			ov, inO := o.Conclusions[c]
			nv, inN := n.Conclusions[c]
			if inO != inN || ov != nv {
				cc := conclusionChange{Conclusion: c, Old: ptr(ov, inO), New: ptr(nv, inN)}
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

func sortedUnion[V any](a, b map[string]V) []string {
	var out []string
	for _, m := range []map[string]V{a, b} {
		for k := range m {
			if _, dup := slices.BinarySearch(out, k); !dup {
				out = append(out, k)
				slices.Sort(out)
			}
		}
	}
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

func diffText(w io.Writer, diffs []scenarioDiff) error {
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
	_, err := io.WriteString(w, printable(b.String()))
	return err
}

// diffMarkdown writes a pull-request comment: a heading and a table per
// scenario. Cell ids and names are the scenario's and cannot hold a pipe
// (ids are [A-Za-z0-9_], figure names the engine's), so no cell needs escaping.
func diffMarkdown(w io.Writer, diffs []scenarioDiff) error {
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
	_, err := io.WriteString(w, printable(b.String()))
	return err
}

func diffJSON(w io.Writer, diffs []scenarioDiff) error {
	if diffs == nil {
		diffs = []scenarioDiff{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Changed   bool           `json:"changed"`
		Scenarios []scenarioDiff `json:"scenarios"`
	}{len(diffs) > 0, diffs})
}
