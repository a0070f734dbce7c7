package markdown

import "github.com/yuin/goldmark/ast"

// within reports whether n or a block around it is a T: the project's own
// blocks (answers, alerts) open only outside another of their kind, so that
// no text opens more than one of each at a time.
func within[T ast.Node](n ast.Node) bool {
	for ; n != nil; n = n.Parent() {
		if _, ok := n.(T); ok {
			return true
		}
	}
	return false
}
