package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/scaffold"
)

var initCommand = &Command{
	Name:      "init",
	UsageLine: "partlab init DIR",
	Short:     "scaffold a course repository in DIR",
	Long: `Init writes a course repository into DIR: a starter scenario, site.yaml,
package.json pinning ECharts and a GitHub Pages workflow. DIR may exist but must
hold none of these files: init never overwrites a file, and writes nothing when
one is there.`,
	Flags: func(fs *flag.FlagSet) runFunc {
		return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) != 1 {
				return usageError{error: errors.New("init takes one directory")}
			}
			dir := args[0]
			names, err := writeTree(dir, scaffold.Files())
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "partlab init: wrote a course repository into %s:\n", dir)
			for _, n := range names {
				fmt.Fprintf(stdout, "  %s\n", n)
			}
			fmt.Fprintf(stdout, "next: cd %s && npm install && partlab, then open out/index.html\n", dir)
			return nil
		}
	},
}

// writeTree copies every file of src into dir and returns their names. It
// refuses, writing nothing, when any of them exists; a write that fails
// halfway removes what it created.
func writeTree(dir string, src fs.FS) (names []string, err error) {
	err = fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	var exist []string
	for _, n := range names {
		there, err := inTheWay(dir, n)
		if err != nil {
			return nil, err
		}
		if there {
			exist = append(exist, n)
		}
	}
	if len(exist) > 0 {
		return nil, fmt.Errorf("init: %s already holds %s; partlab init never overwrites a file, so it wrote nothing", dir, strings.Join(exist, ", "))
	}
	var created []string // files and folders, in the order they were made
	defer func() {
		if err != nil {
			for _, p := range slices.Backward(created) {
				os.Remove(p)
			}
		}
	}()
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		made, err := mkdirs(filepath.Dir(p))
		created = append(created, made...)
		if err != nil {
			return nil, fmt.Errorf("init: %w", err)
		}
		data, err := fs.ReadFile(src, n)
		if err != nil {
			return nil, err
		}
		// O_EXCL: a file that appeared since the check above is not overwritten.
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, fmt.Errorf("init: %w", err)
		}
		created = append(created, p)
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("init: %w", err)
		}
	}
	return names, nil
}

// inTheWay reports whether dir holds the file name already. It refuses a
// symbolic link on the way, which would take the write out of dir, and a
// file where name needs a folder; dir itself may be a link.
func inTheWay(dir, name string) (bool, error) {
	parts := strings.Split(name, "/")
	for i := range parts {
		p := filepath.Join(dir, filepath.Join(parts[:i+1]...))
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false, nil
		case err != nil:
			return false, fmt.Errorf("init: %s cannot be looked at (%v), so init wrote nothing", p, errors.Unwrap(err))
		case fi.Mode()&fs.ModeSymlink != 0:
			return false, fmt.Errorf("init: %s is a symbolic link: init writes only inside %s and through no link, so it wrote nothing", p, dir)
		case i < len(parts)-1 && !fi.IsDir():
			return false, fmt.Errorf("init: %s is a file where init makes a folder for %s: move it away, then run init again; init wrote nothing", p, name)
		case i == len(parts)-1:
			return true, nil
		}
	}
	return false, nil
}

// mkdirs makes dir and the folders above it that are missing, and returns
// the ones it made, outermost first.
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(missing)
	for i, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil {
			return missing[:i], err
		}
	}
	return missing, nil
}
