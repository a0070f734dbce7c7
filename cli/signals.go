package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/partlab/partlab/report/publish"
)

// interrupted is the cause of a run stopped by SIGINT or SIGTERM; it exits
// with the shell's status for that signal, 128 + its number: 130 or 143.
type interrupted struct{ sig syscall.Signal }

func (i interrupted) Error() string {
	switch i.sig {
	case syscall.SIGINT:
		return "interrupted by SIGINT"
	case syscall.SIGTERM:
		return "interrupted by SIGTERM"
	}
	return "interrupted by " + i.sig.String()
}

func (i interrupted) code() int { return 128 + int(i.sig) }

// grace is how long the work has, after a signal, to return by itself
// before partlab exits anyway: a loop that does not check its context must
// not keep the process alive for seconds.
const grace = 500 * time.Millisecond

// Interruptible returns a context that SIGINT or SIGTERM cancels with an
// interrupted cause, and the function that ends the process: exit(err)
// prints err on stderr and exits with its status. If the work has not
// called exit within grace of the signal, or a second signal comes, exit is
// called with the signal after the context's cleanups have run. Whichever calls exit
// first ends the process; the other waits for it.
//
// signal.NotifyContext would cancel the context too, but its cause names the
// signal only in text, and the exit status needs the signal's number.
func Interruptible(parent context.Context, stderr io.Writer) (ctx context.Context, exit func(error)) {
	ctx, cancel := context.WithCancelCause(withCleanups(parent))
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var once sync.Mutex // held by the one call that exits
	exit = func(err error) {
		once.Lock()
		os.Exit(finish(ctx, err, stderr))
	}
	go func() {
		s := <-sigs
		cause := interrupted{s.(syscall.Signal)}
		cancel(cause)
		select {
		case <-time.After(grace):
		case <-sigs:
		}
		runCleanups(ctx)
		exit(cause)
	}()
	return ctx, exit
}

// cleanups are what an interrupted process removes before it exits while
// the work is still running: temporary files the work would have removed
// itself on its way out.
type cleanups struct {
	mu  sync.Mutex
	fns map[int]func()
	n   int
}

type cleanupsKey struct{}

func withCleanups(ctx context.Context) context.Context {
	return context.WithValue(ctx, cleanupsKey{}, &cleanups{fns: map[int]func(){}})
}

// onInterrupt registers fn to run if the process exits on a signal before
// the work returns; the returned function unregisters it. Without
// interruptible's context (as in tests that call run) it does nothing.
func onInterrupt(ctx context.Context, fn func()) (unregister func()) {
	c, ok := ctx.Value(cleanupsKey{}).(*cleanups)
	if !ok {
		return func() {}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	id := c.n
	c.fns[id] = fn
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.fns, id)
	}
}

func runCleanups(ctx context.Context) {
	c, ok := ctx.Value(cleanupsKey{}).(*cleanups)
	if !ok {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, fn := range c.fns {
		fn()
	}
}

// removeNewTemps returns a cleanup that removes the temporary trees of a
// publish into dir (publish.Temps) that were not there when it was made:
// the one this process's publisher is building, and not another run's.
func removeNewTemps(dir string) func() {
	before := publish.Temps(dir)
	return func() {
		for _, p := range publish.Temps(dir) {
			if !slices.Contains(before, p) {
				os.RemoveAll(p)
			}
		}
	}
}
