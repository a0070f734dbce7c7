package report

import (
	"bufio"
	"fmt"
	"io"
)

// Text writes the lesson's printed tables for every computation of the
// notebook, in the lesson's fixed-width layout, a blank line between cells.
// For the lesson's scenario it is byte for byte the lesson's printed output.
func Text(w io.Writer, nb Notebook) error {
	bw := bufio.NewWriter(w)
	first := true
	for _, c := range nb.cells() {
		if c.Sim == nil {
			continue
		}
		k, err := kindOf(c)
		if err != nil {
			return fmt.Errorf("%s: %w", nb.Scenario.File, err)
		}
		if !first {
			bw.WriteString("\n")
		}
		first = false
		if err := k.text(bw, c); err != nil {
			return fmt.Errorf("%s: cells[%d]: %w", nb.Scenario.File, c.Index, err)
		}
	}
	return bw.Flush()
}
