//go:build !unix

package readfile

// nonBlocking is none where the system has no O_NONBLOCK.
const nonBlocking = 0
