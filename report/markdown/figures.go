package markdown

import (
	"strings"
	"text/template/parse"

	"github.com/partlab/partlab/scenarios"
)

// FigureRefs are the figures scenario s's texts name by a constant,
// {{ figure "ceiling.speedup@partitions" }}, each as written, as resolved
// for s's values, and at its file:line:col, in page order; a text that does
// not parse names none here (rendering reports it). A figure whose name a
// template computes is not among them: rendering each variant checks it.
func FigureRefs(s *scenarios.Scenario) []scenarios.FigureRef {
	var out []scenarios.FigureRef
	for _, t := range Texts(s) {
		out = append(out, TextFigureRefs(s, t)...)
	}
	return out
}

// TextFigureRefs are the figures one text of scenario s names by a
// constant, as FigureRefs gives them.
func TextFigureRefs(s *scenarios.Scenario, t Text) []scenarios.FigureRef {
	var v Vocabulary
	tmpl, err := v.parse(t.src, &budget{})
	if err != nil {
		return nil
	}
	var out []scenarios.FigureRef
	for _, tree := range tmpl.Templates() {
		walkFigures(tree.Root, func(ref string, pos parse.Pos) {
			figure, err := s.ResolveFigure(ref)
			if err != nil {
				figure = ref
			}
			before := t.src[:pos]
			line := strings.Count(before, "\n")
			col := len(before) - strings.LastIndexByte(before, '\n') - 1
			out = append(out, scenarios.FigureRef{Written: ref, Figure: figure, Field: t.field,
				At: scenarios.Pos{Line: t.at.Line + line, Col: t.at.Col + col}})
		})
	}
	return out
}

// walkFigures calls found for every call of figure with a constant name
// under n.
func walkFigures(n parse.Node, found func(string, parse.Pos)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				walkFigures(c, found)
			}
		}
	case *parse.ActionNode:
		walkFigures(n.Pipe, found)
	case *parse.IfNode:
		walkBranch(&n.BranchNode, found)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, found)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, found)
	case *parse.TemplateNode:
		walkFigures(n.Pipe, found)
	case *parse.PipeNode:
		if n != nil {
			for _, c := range n.Cmds {
				walkFigures(c, found)
			}
		}
	case *parse.ChainNode:
		walkFigures(n.Node, found)
	case *parse.CommandNode:
		if len(n.Args) == 2 {
			id, isIdent := n.Args[0].(*parse.IdentifierNode)
			name, isString := n.Args[1].(*parse.StringNode)
			if isIdent && isString && id.Ident == "figure" {
				found(name.Text, name.Pos)
			}
		}
		for _, a := range n.Args {
			walkFigures(a, found)
		}
	}
}

func walkBranch(b *parse.BranchNode, found func(string, parse.Pos)) {
	walkFigures(b.Pipe, found)
	walkFigures(b.List, found)
	walkFigures(b.ElseList, found)
}
