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
	"fmt"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/partlab/partlab/report"
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
// can arrive. Whatever happens in a run, a panic included, settles its
// promise and leaves the module ready for the next; the run releases the
// callbacks it made when it ends.
func run(_ js.Value, args []js.Value) any {
	promise := js.Global().Get("Promise")
	var req recompute.Request
	signal := js.Undefined()
	if err := recompute.Safely(func() (err error) {
		req, signal, err = request(args)
		return err
	}); err != nil {
		return promise.Call("reject", jsError(err))
	}
	executor := js.FuncOf(func(_ js.Value, settle []js.Value) any {
		resolve, reject := settle[0], settle[1]
		ctx, cancel := context.WithCancelCause(context.Background())
		var onAbort js.Func
		if err := recompute.Safely(func() error {
			if signal.IsUndefined() || signal.IsNull() {
				return nil
			}
			if signal.Get("aborted").Bool() {
				cancel(context.Canceled)
			}
			onAbort = js.FuncOf(func(js.Value, []js.Value) any { cancel(context.Canceled); return nil })
			signal.Call("addEventListener", "abort", onAbort, map[string]any{"once": true})
			return nil
		}); err != nil {
			cancel(nil)
			reject.Invoke(jsError(err))
			return nil
		}
		go func() {
			defer func() {
				cancel(nil)
				if onAbort.Truthy() {
					signal.Call("removeEventListener", "abort", onAbort)
					onAbort.Release()
				}
			}()
			time.Sleep(time.Millisecond) // the caller's turn ends before the work begins
			var cell report.Cell
			err := recompute.Safely(func() (err error) {
				cell, err = recompute.RunPausing(ctx, req, yielder())
				return err
			})
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
	})
	defer executor.Release() // the Promise constructor has called it when it returns
	return promise.New(executor)
}

// request reads partlab.run's arguments: kind, spec (an object, or YAML or
// JSON text) and options {source, above: [{kind, spec}], signal}, within a
// scenario file's bounds: no more cells above than a file's, and no object
// deeper or larger than recompute.CheckShape allows.
func request(args []js.Value) (recompute.Request, js.Value, error) {
	if len(args) < 2 || args[0].Type() != js.TypeString {
		return recompute.Request{}, js.Undefined(), errors.New("partlab.run(kind, spec, options): kind must be a string, such as \"grid\"")
	}
	spec, err := text("spec", args[1])
	if err != nil {
		return recompute.Request{}, js.Undefined(), err
	}
	req := recompute.Request{Kind: sim.Kind(args[0].String()), Spec: spec}
	signal := js.Undefined()
	if len(args) > 2 && args[2].Type() == js.TypeObject {
		opts := args[2]
		if req.Source, err = text("source", opts.Get("source")); err != nil {
			return recompute.Request{}, js.Undefined(), err
		}
		if above := opts.Get("above"); above.Type() == js.TypeObject {
			if err := scenarios.CheckAbove(recompute.Name, above.Length()); err != nil {
				return recompute.Request{}, js.Undefined(), err
			}
			for i := range above.Length() {
				c := above.Index(i)
				spec, err := text(fmt.Sprintf("above[%d].spec", i), c.Get("spec"))
				if err != nil {
					return recompute.Request{}, js.Undefined(), err
				}
				req.Above = append(req.Above, scenarios.CellSpec{Kind: sim.Kind(c.Get("kind").String()), Spec: spec})
			}
		}
		signal = opts.Get("signal")
	}
	return req, signal, nil
}

// text is a spec as the decoder reads it: a string as it is, anything else
// as JSON once its shape is checked; nothing for undefined or null. path
// names it in errors.
func text(path string, v js.Value) ([]byte, error) {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil, nil
	case js.TypeString:
		return []byte(v.String()), nil
	}
	values := js.Global().Get("Object").Get("values")
	children := func(v js.Value) []js.Value {
		if v.Type() != js.TypeObject {
			return nil
		}
		vs := values.Invoke(v)
		out := make([]js.Value, vs.Length())
		for i := range out {
			out[i] = vs.Index(i)
		}
		return out
	}
	if err := recompute.CheckShape(path, v, children); err != nil {
		return nil, err
	}
	return []byte(js.Global().Get("JSON").Call("stringify", v).String()), nil
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

// yielder returns a run's pause (sim.RunPausing), which lets the event loop
// run every yieldEvery, so that an abort reaches a computation in progress:
// a WebAssembly module runs on one thread, and JavaScript runs only when Go
// waits. The engine pauses between chunks of a few milliseconds of work,
// on any of its goroutines.
func yielder() func() {
	var last atomic.Int64 // UnixNano of the last yield
	return func() {
		now := time.Now().UnixNano()
		if l := last.Load(); now-l >= int64(yieldEvery) && last.CompareAndSwap(l, now) {
			time.Sleep(time.Millisecond)
		}
	}
}

const yieldEvery = 50 * time.Millisecond
