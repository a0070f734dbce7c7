package markdown

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strconv"
	texttemplate "text/template"
	"text/template/parse"

	"github.com/partlab/partlab/scenarios"
)

// An author's template is untrusted: a scenario file comes from anyone who
// can open a pull request. text/template has no step hook, so parse walks
// the tree and puts a call to a budget at the start of every range body and
// every template body, which spends a step for each action the body holds;
// a function that returns an error stops the execution where it stands. These bounds hold for each cell's text.
const (
	// maxOutput is what a text may print: Markdown, which goldmark then
	// converts, so the same bound as the Markdown an author writes.
	maxOutput = scenarios.MaxText
	// maxSteps counts actions, range iterations and template calls.
	maxSteps = 100_000
	// maxDepth counts template calls inside each other, the text itself first.
	maxDepth = 16
	// maxWidth bounds a printf width or precision: fmt pads up to a million
	// bytes per verb before anything is written.
	maxWidth = 1000
)

// A limitError is a bound an author's template went past.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

// A budget counts one execution of an author's text; it stops it when the
// context is cancelled too.
type budget struct {
	ctx          context.Context
	steps, depth int
}

// The budget's functions in the template; an author may call them too,
// which only spends the budget.
const (
	stepFunc  = "_step"
	enterFunc = "_enter"
	leaveFunc = "_leave"
	rangeFunc = "_range"
)

func (b *budget) funcs() texttemplate.FuncMap {
	return texttemplate.FuncMap{stepFunc: b.step, enterFunc: b.enter, leaveFunc: b.leave, rangeFunc: b.rangeOver}
}

// step spends the steps of a body about to run.
func (b *budget) step(n int) (string, error) {
	if err := b.ctx.Err(); err != nil {
		return "", err
	}
	if b.steps += n; b.steps > maxSteps {
		return "", &limitError{fmt.Sprintf("more than %d steps (actions, range iterations and template calls)", maxSteps)}
	}
	return "", nil
}

// enter starts a template's body; leave ends it. A body cannot return early,
// so the two pair up; an error ends the whole execution.
func (b *budget) enter(n int) (string, error) {
	if b.depth++; b.depth > maxDepth {
		return "", &limitError{fmt.Sprintf("templates called inside each other more than %d deep", maxDepth-1)}
	}
	return b.step(n)
}

func (b *budget) leave() string {
	b.depth--
	return ""
}

// rangeOver passes on what a range ranges over, refusing a count no budget
// could pay before the first iteration is run.
func (b *budget) rangeOver(v any) (any, error) {
	n := reflect.ValueOf(v)
	switch {
	case n.CanInt() && n.Int() > maxSteps, n.CanUint() && n.Uint() > maxSteps:
		return nil, &limitError{fmt.Sprintf("range over %v: more than %d iterations", v, maxSteps)}
	}
	return v, nil
}

// bound instruments every template of t with the budget's calls.
func bound(t *texttemplate.Template) {
	for _, tt := range t.Templates() {
		if tt.Tree == nil || tt.Tree.Root == nil {
			continue
		}
		root := tt.Tree.Root
		boundList(tt.Tree, root)
		root.Nodes = append([]parse.Node{call(tt.Tree, root.Pos, enterFunc, cost(root))}, root.Nodes...)
		root.Nodes = append(root.Nodes, call(tt.Tree, root.Pos, leaveFunc, -1))
	}
}

// boundList puts a step at the start of every range body inside l.
func boundList(tree *parse.Tree, l *parse.ListNode) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.RangeNode:
			boundList(tree, n.List)
			boundList(tree, n.ElseList)
			n.List.Nodes = append([]parse.Node{call(tree, n.Pos, stepFunc, cost(n.List))}, n.List.Nodes...)
			n.Pipe.Cmds = append(n.Pipe.Cmds, command(tree, n.Pos, rangeFunc, -1))
		case *parse.IfNode:
			boundList(tree, n.List)
			boundList(tree, n.ElseList)
		case *parse.WithNode:
			boundList(tree, n.List)
			boundList(tree, n.ElseList)
		}
	}
}

// cost is what running l once spends: one step, and one for each node in
// it, the bodies of its ifs and withs included, not its ranges' (they spend
// their own as they run).
func cost(l *parse.ListNode) int {
	n := 1
	if l == nil {
		return n
	}
	for _, node := range l.Nodes {
		n++
		switch node := node.(type) {
		case *parse.IfNode:
			n += cost(node.List) + cost(node.ElseList)
		case *parse.WithNode:
			n += cost(node.List) + cost(node.ElseList)
		}
	}
	return n
}

// call is the action {{ name [arg] }} at pos, where its errors are
// reported; arg is left out if negative.
func call(tree *parse.Tree, pos parse.Pos, name string, arg int) *parse.ActionNode {
	cmd := command(tree, pos, name, arg)
	return &parse.ActionNode{NodeType: parse.NodeAction, Pos: pos, Pipe: &parse.PipeNode{NodeType: parse.NodePipe, Pos: pos, Cmds: []*parse.CommandNode{cmd}}}
}

func command(tree *parse.Tree, pos parse.Pos, name string, arg int) *parse.CommandNode {
	cmd := &parse.CommandNode{NodeType: parse.NodeCommand, Pos: pos, Args: []parse.Node{parse.NewIdentifier(name).SetTree(tree).SetPos(pos)}}
	if arg >= 0 {
		cmd.Args = append(cmd.Args, &parse.NumberNode{NodeType: parse.NodeNumber, Pos: pos, IsInt: true, IsFloat: true, Int64: int64(arg), Float64: float64(arg), Text: strconv.Itoa(arg)})
	}
	return cmd
}

// A limitedWriter fails past maxOutput bytes.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n += len(p); l.n > maxOutput {
		return 0, &limitError{fmt.Sprintf("prints more than %d bytes", maxOutput)}
	}
	return l.w.Write(p)
}

// boundedBuiltins replace text/template's builtins that make strings, so
// no value grows past maxOutput ({{ $s = print $s $s }} in a loop doubles).
var boundedBuiltins = texttemplate.FuncMap{
	"print":    func(args ...any) (string, error) { return fitted("print", fmt.Sprint(args...)) },
	"println":  func(args ...any) (string, error) { return fitted("println", fmt.Sprintln(args...)) },
	"printf":   printf,
	"html":     func(args ...any) (string, error) { return fitted("html", texttemplate.HTMLEscaper(args...)) },
	"js":       func(args ...any) (string, error) { return fitted("js", texttemplate.JSEscaper(args...)) },
	"urlquery": func(args ...any) (string, error) { return fitted("urlquery", texttemplate.URLQueryEscaper(args...)) },
}

func fitted(name, s string) (string, error) {
	if len(s) > maxOutput {
		return "", &limitError{fmt.Sprintf("%s makes more than %d bytes", name, maxOutput)}
	}
	return s, nil
}

// printf refuses widths and precisions over maxWidth, and * (a width taken
// from the arguments), before fmt allocates them.
func printf(format string, args ...any) (string, error) {
	inVerb, n := false, 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case !inVerb:
			inVerb = c == '%'
		case c == '*':
			return "", &limitError{"printf: a width or precision from an argument (*) is not allowed"}
		case c >= '0' && c <= '9':
			if n = n*10 + int(c-'0'); n > maxWidth {
				return "", &limitError{fmt.Sprintf("printf: a width or precision over %d is not allowed", maxWidth)}
			}
			continue
		case c == '%', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			inVerb = false
		}
		n = 0
	}
	return fitted("printf", fmt.Sprintf(format, args...))
}
