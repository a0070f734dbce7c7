//go:build !unix

package publish

import "io"

// lock does nothing where there is no flock(2): renders into one folder are
// not serialised there, and must be run one at a time.
func lock(path string, wait io.Writer) (unlock func(), err error) {
	return func() {}, nil
}
