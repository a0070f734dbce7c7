package kafka

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress draws one terminal line per step of a run, redrawn in place as
// records are produced and consumed. A nil *progress draws nothing.
type progress struct {
	w     io.Writer
	mu    sync.Mutex
	label string // what the step is
	verb  string // produced or consumed
	total int
	done  int
	shown int // done when last drawn
	drawn time.Time
}

// redraw bounds how often a line is redrawn.
const redraw = 100 * time.Millisecond

func newProgress(w io.Writer) *progress {
	if w == nil {
		return nil
	}
	return &progress{w: w}
}

// start begins a step's line: label names the step, verb says what it does
// to its total records.
func (p *progress) start(label, verb string, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.label, p.verb, p.total, p.done = label, verb, total, 0
	p.draw()
}

// add counts n more records, redrawing now and then.
func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if time.Since(p.drawn) >= redraw {
		p.draw()
	}
}

// end draws the step's final count and ends its line.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done != p.shown {
		p.draw()
	}
	fmt.Fprintln(p.w)
}

// draw rewrites the line: carriage return, erase to the end of the line.
func (p *progress) draw() {
	p.drawn, p.shown = time.Now(), p.done
	fmt.Fprintf(p.w, "\r\x1b[K%s: %s %d of %d records", p.label, p.verb, p.done, p.total)
}
