// Package readfile is the one way partlab reads a file that an input names:
// a scenario, a --params file, site.yaml, a favicon, a Markdown image, the
// ECharts script, an output folder's manifest and pages, diff's
// results.json. It reads regular files only, without blocking on a FIFO,
// at most a limit of bytes counted as they are read (a /proc file reports
// size 0), and, given a folder, refuses a file whose symbolic links lead
// out of it.
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
// of both is resolved.
func Read(name, within string, limit int64) ([]byte, error) {
	real := name
	if within != "" {
		var err error
		if real, err = inside(name, within); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(real, os.O_RDONLY|nonBlocking, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{name, "does not exist", err}
	}
	if err != nil {
		return nil, &Error{name, "cannot be opened: " + reason(err), err}
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

// inside returns name's real path if it lies in the folder within.
func inside(name, within string) (string, error) {
	real, err := filepath.EvalSymlinks(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", &Error{name, "does not exist", err}
	}
	if err != nil {
		return "", &Error{name, "cannot be read: " + reason(err), err}
	}
	root, err := filepath.EvalSymlinks(within)
	if err != nil {
		return "", &Error{name, "cannot be read: its folder " + reason(err), err}
	}
	if rel, err := filepath.Rel(root, real); err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", &Error{name, "is a symbolic link out of " + folderName(within), ErrOutside}
	}
	return real, nil
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
