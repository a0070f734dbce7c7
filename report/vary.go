package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
)

// FigureRefs are every figure scenario s names by a constant, in its
// predictions, expectations, answers and templates, each as written and as
// resolved for s's values.
func FigureRefs(s *scenarios.Scenario) []scenarios.FigureRef {
	return slices.Concat(s.Refs, markdown.FigureRefs(s))
}

// LiteralFigures are the figures the variants of one scenario name by a
// number that is a varied value of the figure's cell, which names the
// right figure for some variants only; each is worded once, with the
// relative form to write:
//
//	lab.yaml:290:50: cells[21].predictions.items[1].actual: ceiling.speedup@8
//	names partitions' value 8 literally: write ceiling.speedup@partitions
//
// Every variant is looked at, so that a value only some variants take is
// found too.
func LiteralFigures(variants []Notebook) []string {
	var out []string
	for _, nb := range variants {
		s := nb.Scenario
		for _, r := range FigureRefs(s) {
			id, name, _ := strings.Cut(r.Written, ".")
			family, member, ok := strings.Cut(name, "@")
			n, err := strconv.ParseInt(member, 10, 64)
			if !ok || err != nil || r.Relative() {
				continue
			}
			for _, v := range s.Variants.Vary {
				cell, field, _ := strings.Cut(strings.TrimPrefix(v.Path, "cells."), ".")
				value, varied := s.Params(cell)[field]
				if !strings.HasPrefix(v.Path, "cells.") || cell != id || !varied || value != n {
					continue
				}
				line := fmt.Sprintf("%s:%d:%d: %s: %s names %s' value %d literally: write %s.%s@%s",
					s.File, r.At.Line, r.At.Col, r.Field, r.Written, field, n, id, family, field)
				if !slices.Contains(out, line) {
					out = append(out, line)
				}
			}
		}
	}
	return out
}
