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
	// maxBuilt bounds what the functions that make strings (print, html,
	// plural, …) take in, over all of one file's texts together: a loop
	// may not escape a 64 KiB value 49,000 times in each of 64 cells.
	maxBuilt = 256 * maxOutput
)

// A limitError is a bound an author's template went past.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

// A budget counts one execution of an author's text; it stops it when the
// context is cancelled too.
type budget struct {
	ctx          context.Context
	steps, depth int
	// built counts the bytes the string-making functions took in, for
	// every text of the file (the Vocabulary's count), against maxBuilt.
	built *int
}

// The budget's functions in the template; an author may call them too,
// which only spends the budget.
const (
	stepFunc  = "_step"
	enterFunc = "_enter"
	leaveFunc = "_leave"
	rangeFunc = "_range"
)

// funcs are the budget's own, and text/template's builtins that make
// strings, bounded: print, println, printf, html, js and urlquery.
func (b *budget) funcs() texttemplate.FuncMap {
	return texttemplate.FuncMap{stepFunc: b.step, enterFunc: b.enter, leaveFunc: b.leave, rangeFunc: b.rangeOver,
		"print":    b.building("print", 1, fmt.Sprint),
		"println":  b.building("println", 1, fmt.Sprintln),
		"printf":   b.printf,
		"html":     b.building("html", 5, texttemplate.HTMLEscaper),
		"js":       b.building("js", 6, texttemplate.JSEscaper),
		"urlquery": b.building("urlquery", 3, texttemplate.URLQueryEscaper),
	}
}

// take spends n bytes that a function named name takes in, before it
// builds anything: no more than maxOutput for one value, which could not
// be printed, and no more than maxBuilt for every call of the file's texts
// together.
func (b *budget) take(name string, n int) error {
	if n > maxOutput {
		return &limitError{fmt.Sprintf("%s makes more than %d bytes", name, maxOutput)}
	}
	if *b.built+n > maxBuilt {
		return &limitError{fmt.Sprintf("the file's templates build more than %d bytes in all (print, html, plural and the other functions that make text)", maxBuilt)}
	}
	*b.built += n
	return nil
}

// building is the string function f, named name, bounded: its arguments'
// size taken first, then its result, at most grow times their size,
// checked against maxOutput.
func (b *budget) building(name string, grow int, f func(...any) string) func(...any) (string, error) {
	return func(args ...any) (string, error) {
		if err := b.take(name, sizes(args)); err != nil {
			return "", err
		}
		return fitted(name, f(args...))
	}
}

// bounded wraps every function of m that makes a string from what an
// author may give it (list, tally, plural, predict), so that its
// arguments' size is taken before it runs; the others take numbers or ids
// and return the results' values.
func (b *budget) bounded(m texttemplate.FuncMap) texttemplate.FuncMap {
	out := make(texttemplate.FuncMap, len(m))
	for name, f := range m {
		switch f := f.(type) {
		case func(any) (string, error): // list
			out[name] = func(x any) (string, error) {
				if err := b.take(name, size(reflect.ValueOf(x))); err != nil {
					return "", err
				}
				return f(x)
			}
		case func(string) (string, error): // predict
			out[name] = func(x string) (string, error) {
				if err := b.take(name, len(x)); err != nil {
					return "", err
				}
				return f(x)
			}
		case func([]int) string: // tally
			out[name] = func(x []int) (string, error) {
				if err := b.take(name, len(x)); err != nil {
					return "", err
				}
				return f(x), nil
			}
		case func(int, string) string: // plural
			out[name] = func(n int, x string) (string, error) {
				if err := b.take(name, 1+len(x)); err != nil {
					return "", err
				}
				return f(n, x), nil
			}
		default:
			out[name] = f
		}
	}
	return out
}

// size is at least the bytes fmt prints for v (and so what a function
// that formats or copies it takes in), walked no further than past
// maxOutput: a string's length, a byte for a number, a field or an
// element, a pointer inside a value as fmt prints it, its address.
func size(v reflect.Value) int {
	n := 0
	walk(v, 0, &n)
	return n
}

// sizes is the size of each argument, each as fmt prints it at the top.
func sizes(args []any) int {
	n := 0
	for _, a := range args {
		n += size(reflect.ValueOf(a))
	}
	return n
}

func walk(v reflect.Value, depth int, n *int) {
	if *n > maxOutput {
		return
	}
	if v.IsValid() && v.CanInterface() {
		switch v.Interface().(type) {
		case fmt.Stringer, error:
			// fmt prints what the method returns, which may be short.
			*n++
			return
		}
	}
	switch v.Kind() {
	case reflect.Invalid:
		*n += len("<nil>")
	case reflect.String:
		*n += v.Len()
	case reflect.Interface:
		if v.IsNil() {
			*n += len("<nil>")
		} else {
			walk(v.Elem(), depth, n)
		}
	case reflect.Pointer:
		if v.IsNil() || depth > 0 {
			*n += len("0x0")
		} else {
			walk(v.Elem(), depth+1, n)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			*n += v.Len()
			return
		}
		for i := 0; i < v.Len() && *n <= maxOutput; i++ {
			*n++
			walk(v.Index(i), depth+1, n)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next() && *n <= maxOutput; {
			*n += 2
			walk(it.Key(), depth+1, n)
			walk(it.Value(), depth+1, n)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField() && *n <= maxOutput; i++ {
			*n++
			walk(v.Field(i), depth+1, n)
		}
	default:
		*n++
	}
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

// fitted refuses a built value past maxOutput, which no text could print
// ({{ $s = print $s $s }} in a loop doubles).
func fitted(name, s string) (string, error) {
	if len(s) > maxOutput {
		return "", &limitError{fmt.Sprintf("%s makes more than %d bytes", name, maxOutput)}
	}
	return s, nil
}

// printf refuses widths and precisions over maxWidth, and * (a width taken
// from the arguments), and takes its format's and arguments' size, before
// fmt allocates anything.
func (b *budget) printf(format string, args ...any) (string, error) {
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
	if err := b.take("printf", len(format)+sizes(args)); err != nil {
		return "", err
	}
	return fitted("printf", fmt.Sprintf(format, args...))
}
