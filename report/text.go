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
	cs, err := nb.computations()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for i, c := range cs {
		if i > 0 {
			bw.WriteString("\n")
		}
		if err := c.text(bw, c.cell); err != nil {
			return fmt.Errorf("%s: cells[%d]: %w", nb.Scenario.File, c.Index, err)
		}
	}
	return bw.Flush()
}
