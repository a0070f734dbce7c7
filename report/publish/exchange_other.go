//go:build !linux

package publish

import (
	"errors"
	"os"
)

// exchange cannot swap two directories in one step outside Linux; publish
// falls back to two renames.
func exchange(a, b string) error {
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: errors.ErrUnsupported}
}
