//go:build js && wasm

// Command wasm is partlab's engine for the page, built with GOOS=js
// GOARCH=wasm: once Go's wasm_exec.js has run it, it defines the global
// partlab.run(kind, spec, options), which recomputes one cell (package
// recompute) and returns a promise of the cell as results.json and its
// page hold it. See docs/explanation/report.md, "The engine in the page".
//
// It is not the command line: it reads no files and starts nothing, and it
// computes with the sim engine only.
package main

import (
	"context"
	"errors"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/wasm/recompute"
)

func main() {
	kinds := []any{}
	for _, k := range scenarios.Kinds() {
		kinds = append(kinds, string(k))
	}
	js.Global().Set("partlab", js.ValueOf(map[string]any{
		"run":   js.FuncOf(run),
		"kinds": kinds,
	}))
	select {} // partlab.run's callbacks run for as long as the page lives
}

// run is partlab.run(kind, spec, options): it returns a promise at once and
// computes after the caller's turn of the event loop, so that an abort
// can arrive.
func run(_ js.Value, args []js.Value) any {
	promise := js.Global().Get("Promise")
	req, signal, err := request(args)
	if err != nil {
		return promise.Call("reject", jsError(err))
	}
	return promise.New(js.FuncOf(func(_ js.Value, settle []js.Value) any {
		resolve, reject := settle[0], settle[1]
		ctx, cancel := context.WithCancelCause(context.Background())
		if !signal.IsUndefined() && !signal.IsNull() {
			if signal.Get("aborted").Bool() {
				cancel(context.Canceled)
			}
			onAbort := js.FuncOf(func(js.Value, []js.Value) any { cancel(context.Canceled); return nil })
			signal.Call("addEventListener", "abort", onAbort, map[string]any{"once": true})
		}
		go func() {
			defer cancel(nil)
			time.Sleep(time.Millisecond) // the caller's turn ends before the work begins
			cell, err := recompute.Run(&yielding{Context: ctx}, req)
			if err != nil {
				reject.Invoke(jsError(err))
				return
			}
			resolve.Invoke(map[string]any{
				"json":      string(cell.JSON),
				"results":   js.Global().Get("JSON").Call("parse", string(cell.JSON)),
				"html":      string(cell.HTML),
				"narrative": string(cell.Narrative),
			})
		}()
		return nil
	}))
}

// request reads partlab.run's arguments: kind, spec (an object, or YAML or
// JSON text) and options {source, above: [{kind, spec}], signal}.
func request(args []js.Value) (recompute.Request, js.Value, error) {
	if len(args) < 2 || args[0].Type() != js.TypeString {
		return recompute.Request{}, js.Undefined(), errors.New("partlab.run(kind, spec, options): kind must be a string, such as \"grid\"")
	}
	req := recompute.Request{Kind: sim.Kind(args[0].String()), Spec: text(args[1])}
	signal := js.Undefined()
	if len(args) > 2 && args[2].Type() == js.TypeObject {
		opts := args[2]
		req.Source = text(opts.Get("source"))
		if above := opts.Get("above"); above.Type() == js.TypeObject {
			for i := range above.Length() {
				c := above.Index(i)
				req.Above = append(req.Above, scenarios.CellSpec{Kind: sim.Kind(c.Get("kind").String()), Spec: text(c.Get("spec"))})
			}
		}
		signal = opts.Get("signal")
	}
	return req, signal, nil
}

// text is a spec as the decoder reads it: a string as it is, anything else
// as JSON; nothing for undefined or null.
func text(v js.Value) []byte {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil
	case js.TypeString:
		return []byte(v.String())
	}
	return []byte(js.Global().Get("JSON").Call("stringify", v).String())
}

// jsError is err as a JavaScript Error; an abort is named AbortError, as
// fetch names its own. The spec's problems are also its problems, a list of
// {field, message}, for a form to show each at its input.
func jsError(err error) js.Value {
	e := js.Global().Get("Error").New(err.Error())
	if errors.Is(err, context.Canceled) {
		e.Set("name", "AbortError")
	}
	var list scenarios.ErrorList
	if errors.As(err, &list) {
		problems := make([]any, len(list))
		for i, p := range list {
			problems[i] = map[string]any{"field": p.Field, "message": p.Msg}
		}
		e.Set("problems", problems)
	}
	return e
}

// yielding is a context whose Err, which the engine checks between chunks
// of a few milliseconds of work, lets the event loop run every
// yieldEvery, so that an abort reaches a computation in progress: a
// WebAssembly module runs on one thread, and JavaScript runs only when Go
// waits.
type yielding struct {
	context.Context
	last atomic.Int64 // UnixNano of the last yield
}

const yieldEvery = 50 * time.Millisecond

func (y *yielding) Err() error {
	now := time.Now().UnixNano()
	if last := y.last.Load(); now-last >= int64(yieldEvery) && y.last.CompareAndSwap(last, now) {
		time.Sleep(time.Millisecond)
	}
	return y.Context.Err()
}
