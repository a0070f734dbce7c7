// Package readfile is the one way partlab reads a file that an input names:
// a scenario, a --params file, site.yaml, a favicon, a Markdown image, the
// ECharts script, an output folder's manifest and pages, diff's
// results.json. It reads regular files only, without blocking on a FIFO,
// at most a limit of bytes counted as they are read (a /proc file reports
// size 0), and, given a folder, refuses a file whose symbolic links lead
// out of it: decided by internal/contain, and held at the open by os.Root.
//
// It is not for partlab's own writes, nor for files of the system that
// partlab chooses itself (such as /proc/cpuinfo), nor for embedded assets.
package readfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/partlab/partlab/internal/contain"
)

// The reasons a file is refused, for errors.Is.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("over its limit")
	ErrOutside    = errors.New("a symbolic link out of its folder")
)

// An Error is a file that was refused or could not be read: Name as the
// caller named it, Why in words, Err the cause.
type Error struct {
	Name string
	Why  string
	Err  error
}

func (e *Error) Error() string { return e.Name + " " + e.Why }
func (e *Error) Unwrap() error { return e.Err }

// Read reads the regular file name, of at most limit bytes. If within is
// not empty, name must be inside the folder within once every symbolic link
// of both is resolved (contain.Rel), and it is opened through an os.Root
// of within, so that a link made meanwhile cannot lead the open out.
func Read(name, within string, limit int64) ([]byte, error) {
	f, err := open(name, within)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &Error{name, "cannot be read: " + reason(err), err}
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{name, "is " + kind(fi.Mode()) + ", not a regular file", ErrNotRegular}
	}
	tooLarge := &Error{name, fmt.Sprintf("is larger than its limit of %s", Size(limit)), ErrTooLarge}
	if fi.Size() > limit { // a regular file's size is at least what a read gives
		return nil, tooLarge
	}
	// Read one byte past the limit: a file whose stat says less (a /proc
	// file says 0) or that grows meanwhile is caught too.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &Error{name, "cannot be read: " + reason(err), err}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge
	}
	return data, nil
}

// flags open a file for reading without waiting for a FIFO's writer.
const flags = os.O_RDONLY | nonBlocking

// open opens name, inside the folder within if that is set.
func open(name, within string) (*os.File, error) {
	if within == "" {
		f, err := os.OpenFile(name, flags, 0)
		return opened(name, f, err)
	}
	rel, err := locate(name, within)
	if err != nil {
		return nil, err
	}
	return openIn(name, within, rel)
}

// locate is name relative to the folder within, both resolved, or the
// error that it lies outside.
func locate(name, within string) (string, error) {
	rel, inside, err := contain.Rel(within, name)
	if err != nil {
		return "", &Error{name, "cannot be read: " + reason(err), err}
	}
	if !inside {
		return "", &Error{name, "is a symbolic link out of " + folderName(within), ErrOutside}
	}
	return rel, nil
}

// openIn opens rel, name's path in the folder within, through an os.Root:
// a link on the way that leads out of within at the moment of the open,
// whatever locate found before, is refused.
func openIn(name, within, rel string) (*os.File, error) {
	root, err := os.OpenRoot(within)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{name, "does not exist", err}
	}
	if err != nil {
		return nil, &Error{name, "cannot be read: its folder " + reason(err), err}
	}
	defer root.Close()
	f, err := root.OpenFile(rel, flags, 0)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// A link that leads out now, made since locate: say so as locate would.
		if _, lerr := locate(name, within); lerr != nil {
			return nil, lerr
		}
	}
	return opened(name, f, err)
}

// opened is f, or the error that opening name gave.
func opened(name string, f *os.File, err error) (*os.File, error) {
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{name, "does not exist", err}
	}
	if err != nil {
		return nil, &Error{name, "cannot be opened: " + reason(err), err}
	}
	return f, nil
}

// folderName is how an error names a folder: "." is the working folder.
func folderName(dir string) string {
	if filepath.Clean(dir) == "." {
		return "the working folder"
	}
	return dir
}

// kind names what a file that is not a regular file is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// reason is the cause of err without the path it names, which the Error
// names already.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Size writes a limit in the unit that states it exactly: 4 MiB, 512 KiB,
// 1000 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
