package scenarios

import (
	"bytes"

	"gopkg.in/yaml.v3"
)

// Pos is a 1-based line and column in a scenario file. Renderers use it to
// place an error found inside a cell's text, such as a Markdown template's,
// at file:line:col.
type Pos struct{ Line, Col int }

// textPos returns where a string scalar's text starts: the line after a
// block scalar's | or > indicator, at the block's indentation, or just past
// the opening quote of a quoted scalar.
func textPos(n *yaml.Node, lines [][]byte) Pos {
	switch n.Style {
	case yaml.LiteralStyle, yaml.FoldedStyle:
		for i := n.Line; i < len(lines); i++ { // lines[n.Line] is the line after the indicator
			if l := lines[i]; len(bytes.TrimSpace(l)) > 0 {
				return Pos{i + 1, len(l) - len(bytes.TrimLeft(l, " ")) + 1}
			}
		}
		return Pos{n.Line + 1, 1}
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		return Pos{n.Line, n.Column + 1}
	}
	return Pos{n.Line, n.Column}
}
