// Package contain decides whether a path lies inside a folder: the one
// check behind every "inside this folder" and "outside that folder" of
// partlab (the bounded reader's folder, --key and --teacher against -o,
// init's DIR, grade's --feedback, the publisher's working folder). Both
// paths are resolved the same way: made absolute, the longest part of each
// that exists with its symbolic links resolved, the rest joined as written,
// so that a folder that does not exist yet is placed where it will be made.
//
// A decision about a path is only as good as the moment it was made: a
// reader that must not leave a folder opens through an os.Root too (as
// internal/readfile does), which refuses a link that leads out at the
// moment of the open. Contain is not for that open, and not for paths
// inside a site, which are checked as text (publish.Inside).
package contain

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// maxLinks bounds the dangling links followed in resolving one path, as
// the kernel bounds a lookup's.
const maxLinks = 40

// Resolve returns path made absolute, with the symbolic links of its
// longest existing part resolved and the rest joined lexically. A link
// that dangles is resolved to where it points, so that a link to a file
// not yet made is placed where the write would go.
func Resolve(path string) (string, error) {
	return resolve(path, maxLinks)
}

func resolve(path string, links int) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		real, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if to, lerr := os.Readlink(dir); lerr == nil {
			if links == 0 {
				return "", &fs.PathError{Op: "resolve", Path: path, Err: errors.New("too many links")}
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(dir), to)
			}
			return resolve(filepath.Join(to, rest), links-1)
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// Rel returns path relative to root, both resolved (see Resolve), and
// whether path is root or lies inside it; rel is "." for root itself.
func Rel(root, path string) (rel string, inside bool, err error) {
	r, err := Resolve(root)
	if err != nil {
		return "", false, err
	}
	p, err := Resolve(path)
	if err != nil {
		return "", false, err
	}
	rel, err = filepath.Rel(r, p)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", false, nil
	}
	return rel, true, nil
}

// Within reports whether path is root or lies inside it, both resolved.
func Within(root, path string) (bool, error) {
	_, inside, err := Rel(root, path)
	return inside, err
}

// Overlap reports whether a and b are one folder, or one lies inside the
// other, both resolved: two sites that must be apart overlap.
func Overlap(a, b string) (bool, error) {
	if in, err := Within(a, b); in || err != nil {
		return in, err
	}
	return Within(b, a)
}
