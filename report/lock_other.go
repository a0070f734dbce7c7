//go:build !unix

package report

import "io"

// lock does nothing where there is no flock(2): renders into one folder are
// not serialised there, though each still publishes a whole site.
func lock(path string, wait io.Writer) (unlock func(), err error) {
	return func() {}, nil
}
