// Package publish replaces a site's folder with a new tree in one step,
// under a lock, and reads the manifest a site leaves in it. It knows files
// and folders, not pages: what a site holds and how it is made are the
// business of package site.
package publish

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/contain"
)

// A File is one output of a site, by its path relative to the site's
// folder, with slashes.
type File struct {
	Path string
	Data []byte
}

// A Build is a site's files, and the files of the folder's old site that
// are to go, by their paths.
type Build struct {
	Files []File
	Drop  []string
}

// A Publisher replaces a site folder with a new tree in one step, so that a
// reader, a failure or a kill -9 at any moment leaves the whole old site or
// the whole new one, never a mix.
//
// Updating files in place cannot give that, and neither can renaming them
// one by one; so the complete new tree is built in a sibling folder
// (.out.tmp-N beside out), with the files of out/ that the site does not
// write copied across, synced to disk, and swapped with out/ by one
// renameat2(RENAME_EXCHANGE). The old tree, now at the temporary name, is
// then removed. A flock on .out.lock beside out serialises publishes into
// one folder, and each publish first removes what a killed one left.
//
// Symbolic links are never written through: one inside out/ that the site
// does not write to is copied as a link; one where the site writes a page,
// a folder or an asset is refused, before out/ changes: someone put it
// there on purpose, and replacing it would undo that silently. If out itself
// is a link (a web root, say), the folder it names is published, and the
// link is left as it is.
type Publisher struct {
	// Progress gets a line per page once the site is published, and a line
	// while another render holds the folder.
	Progress io.Writer
	// step, when set, is called after each step of a publish, named; tests
	// use it to fail, or to kill the process, at every point.
	step func(name string) error
}

// publish puts files into dir, a whole site replacing whatever was there,
// except the files it does not write.
func (p Publisher) publish(dir string, files []File) error {
	return p.Update(dir, func(string) (Build, error) { return Build{Files: files}, nil })
}

// Update publishes the site that make builds from the folder's old one,
// which it is given as its real path under the lock, so that two renders
// into one folder each add to the other's site. The files of the old site
// that the build drops are not kept.
func (p Publisher) Update(dir string, next func(old string) (Build, error)) error {
	real, err := target(dir)
	if err != nil {
		return err
	}
	parent, base := filepath.Split(real)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	unlock, err := lock(filepath.Join(parent, "."+base+".lock"), p.Progress)
	if err != nil {
		return err
	}
	defer unlock()
	if err := p.do("locked"); err != nil {
		return err
	}
	if err := recoverLeftovers(parent, base); err != nil {
		return err
	}
	if err := p.do("cleaned"); err != nil {
		return err
	}
	b, err := next(real)
	if err != nil {
		return err
	}
	files := b.Files
	tmp, err := os.MkdirTemp(parent, tmpPrefix(base))
	if err != nil {
		return err
	}
	// Until the swap tmp is the new tree, after it the old one: either way
	// it goes.
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	ours := map[string]bool{} // the paths the site writes: true for a file, false for a folder
	for _, f := range files {
		ours[f.Path] = true
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			ours[d] = false
		}
		if err := writeSynced(filepath.Join(tmp, filepath.FromSlash(f.Path)), f.Data); err != nil {
			return err
		}
		if err := p.do("wrote " + f.Path); err != nil {
			return err
		}
	}
	drop := map[string]bool{}
	for _, f := range b.Drop {
		drop[f] = true
	}
	if err := p.keep(real, dir, tmp, ours, drop); err != nil {
		return err
	}
	if err := syncDirs(tmp); err != nil {
		return err
	}
	if err := p.do("synced"); err != nil {
		return err
	}
	if err := swap(tmp, real, exchange); err != nil {
		return err
	}
	if err := syncDir(parent); err != nil {
		return err
	}
	if err := p.do("swapped"); err != nil {
		return err
	}
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".html") {
			fmt.Fprintln(p.Progress, "wrote", filepath.Join(dir, filepath.FromSlash(f.Path)))
		}
	}
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	return p.do("removed the old tree")
}

func (p Publisher) do(name string) error {
	if p.step == nil {
		return nil
	}
	return p.step(name)
}

// target is the folder to publish dir as (see located). A folder that
// holds the working directory is refused: the swap would move it.
func target(dir string) (string, error) {
	abs, err := located(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		return "", fmt.Errorf("%s is not a folder: partlab publishes a site as a folder", dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	holds, err := contain.Within(abs, wd)
	if err != nil {
		return "", err
	}
	if filepath.Dir(abs) == abs || holds {
		return "", fmt.Errorf("%s holds the working directory: publish into a folder below it", dir)
	}
	return abs, nil
}

// located is the folder a publish into dir replaces, as an absolute path:
// dir itself, or the folder it names if it is a symbolic link.
func located(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if abs, err = filepath.EvalSymlinks(abs); err != nil {
			return "", fmt.Errorf("%s is a symbolic link to a folder that cannot be published: %w", dir, err)
		}
	}
	return abs, nil
}

// tmpPrefix begins the name of the folder a publish into base builds the
// new tree in, beside base; MkdirTemp ends it with digits.
func tmpPrefix(base string) string { return "." + base + ".tmp-" }

// leftover matches the folders a publish into base makes beside it: the new
// tree being built (tmp) and, on the two-rename path, the old one (old).
func leftover(base string) *regexp.Regexp {
	return regexp.MustCompile(`^\.` + regexp.QuoteMeta(base) + `\.(tmp|old)-[0-9]+$`)
}

// Temps lists the temporary trees that publishes into dir are building
// beside it now, by their paths: what a process interrupted in a publish
// removes, the ones that were not there when it began. It lists no old
// tree: one left by a kill between the renames of the fallback swap is the
// site, which the next publish puts back.
func Temps(dir string) []string {
	real, err := located(dir)
	if err != nil {
		return nil
	}
	parent, base := filepath.Split(real)
	entries, _ := os.ReadDir(parent)
	match := leftover(base)
	var out []string
	for _, e := range entries {
		if m := match.FindStringSubmatch(e.Name()); m != nil && m[1] == "tmp" && e.IsDir() {
			out = append(out, filepath.Join(parent, e.Name()))
		}
	}
	return out
}

// recoverLeftovers removes what a killed publish into parent/base left: its
// temporary trees, and an old tree, unless base is missing, when the old
// tree goes back (a kill between the two renames of the fallback swap).
// Nothing else is touched.
func recoverLeftovers(parent, base string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return err
	}
	_, err = os.Lstat(filepath.Join(parent, base))
	missing := errors.Is(err, fs.ErrNotExist)
	match := leftover(base)
	for _, e := range entries {
		m := match.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		p := filepath.Join(parent, e.Name())
		if m[1] == "old" && missing {
			if err := os.Rename(p, filepath.Join(parent, base)); err != nil {
				return err
			}
			missing = false
			continue
		}
		if err := os.RemoveAll(p); err != nil {
			return err
		}
	}
	return nil
}

// keep copies into tmp what the folder old holds that the site does not
// write: an author's .gitignore or README, pages of other renders. Files
// keep their permissions; links are copied as links, never followed; a link,
// or a thing of the wrong kind, where the site writes is an error, which
// names it under dir, the folder as the user named it. The files in drop,
// which partlab wrote and the new site has not, are left behind, and the
// folders they leave empty.
func (p Publisher) keep(old, dir, tmp string, ours, drop map[string]bool) error {
	err := filepath.WalkDir(old, func(src string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(old, src)
		if err != nil || rel == "." {
			return err
		}
		file, written := ours[filepath.ToSlash(rel)]
		name := filepath.Join(dir, rel)
		switch {
		case written && d.Type()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a symbolic link where partlab writes %s: remove it; partlab writes through no link", name, entryKind(file))
		case written && file && d.Type().IsRegular():
			return nil // replaced
		case written && !file && d.IsDir():
			return nil // a folder of ours, to look into
		case written:
			return fmt.Errorf("%s is not %s, which partlab writes there: remove it", name, entryKind(file))
		}
		if drop[filepath.ToSlash(rel)] && d.Type().IsRegular() {
			return p.do("dropped " + filepath.ToSlash(rel))
		}
		dst := filepath.Join(tmp, rel)
		switch d.Type() {
		case fs.ModeDir:
			err = os.Mkdir(dst, 0o755)
			if err == nil {
				err = os.Chmod(dst, 0o755)
			}
		case fs.ModeSymlink:
			var to string
			if to, err = os.Readlink(src); err == nil {
				err = os.Symlink(to, dst)
			}
		case 0:
			err = copySynced(src, dst)
		default:
			err = fmt.Errorf("%s is not a file, a folder or a link: partlab cannot keep it", name)
		}
		if err == nil {
			err = p.do("kept " + filepath.ToSlash(rel))
		}
		return err
	})
	if errors.Is(err, fs.ErrNotExist) && !Exists(old) {
		return nil // a first publish
	}
	if err != nil {
		return err
	}
	for f := range drop {
		// Remove fails on a folder that holds anything else, which stays.
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			if os.Remove(filepath.Join(tmp, filepath.FromSlash(d))) != nil {
				break
			}
		}
	}
	return nil
}

// entryKind names what the site writes at a path: a file or a folder.
func entryKind(file bool) string {
	if file {
		return "a file"
	}
	return "a folder"
}

// Exists reports whether anything, a broken link included, is at path.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// swap puts the tree at tmp in the place of dir, and dir's old tree at tmp.
// Where the kernel cannot exchange them in one step, dir is renamed aside
// to .dir.old-N and tmp into its place: between the two renames dir does
// not exist; a kill there leaves the old tree at .dir.old-N, which the next
// publish puts back before anything else.
func swap(tmp, dir string, exchange func(a, b string) error) error {
	if !Exists(dir) {
		return os.Rename(tmp, dir)
	}
	err := exchange(tmp, dir)
	if !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	parent, base := filepath.Split(tmp)
	old := filepath.Join(parent, strings.Replace(base, ".tmp-", ".old-", 1))
	if err := os.Rename(dir, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return errors.Join(err, os.Rename(old, dir))
	}
	return os.Rename(old, tmp)
}

// writeSynced writes a file of the site, 0o644, and syncs it, so that a
// crash after the swap cannot publish it empty.
func writeSynced(name string, data []byte) error {
	if err := mkdirs(filepath.Dir(name)); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return closeSynced(f, 0o644, err)
}

// copySynced copies the file src to dst with its permissions, and syncs it.
func copySynced(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return closeSynced(out, fi.Mode().Perm(), err)
}

// closeSynced sets f's permissions whatever the umask, syncs and closes it,
// and returns the first error, err included.
func closeSynced(f *os.File, perm fs.FileMode, err error) error {
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}

// mkdirs makes dir and its parents, 0o755 whatever the umask.
func mkdirs(dir string) error {
	if Exists(dir) {
		return nil
	}
	if err := mkdirs(filepath.Dir(dir)); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	return os.Chmod(dir, 0o755)
}

// syncDirs syncs every folder of the tree at root, so that its entries are
// on disk before the swap makes them the site.
func syncDirs(root string) error {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Reverse(dirs) // the deepest first
	for _, d := range dirs {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	return nil
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}
