//go:build unix

package publish

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// lock takes an exclusive flock(2) on the file at path, creating it, so that
// one publish at a time works on a folder. While another process holds it,
// lock says so on wait and blocks until it is released; the kernel releases
// the lock of a process that dies, so a killed render never blocks the next.
// The returned unlock removes the file before releasing it, which leaves no
// file behind a finished render.
func lock(path string, wait io.Writer) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock: %w", err)
		}
		err = flock(f, syscall.LOCK_EX|syscall.LOCK_NB)
		if errors.Is(err, syscall.EWOULDBLOCK) {
			fmt.Fprintf(wait, "waiting for another render to finish publishing (it holds %s)\n", path)
			err = flock(f, syscall.LOCK_EX)
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		// The holder before us removes the file as it unlocks: then we locked
		// a file no one else can open, and must lock the one at path now.
		held, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock: %w", err)
		}
		now, err := os.Lstat(path)
		if err == nil && os.SameFile(held, now) {
			return func() {
				os.Remove(path)
				f.Close()
			}, nil
		}
		f.Close()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("lock: %w", err)
		}
	}
}

// flock is flock(2), retried when a signal interrupts it.
func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
