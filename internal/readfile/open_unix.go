//go:build unix

package readfile

import "syscall"

// nonBlocking opens a FIFO without waiting for a writer, so that fstat can
// refuse it.
const nonBlocking = syscall.O_NONBLOCK
