package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/partlab/partlab/internal/contain"
	"github.com/partlab/partlab/scaffold"
	"github.com/partlab/partlab/scenarios"
)

var initCommand = &Command{
	Name:      "init",
	UsageLine: "partlab init DIR",
	Short:     "scaffold a course repository in DIR",
	Long: `Init writes a course repository into DIR: a starter scenario, site.yaml, the
JSON Schemas of both (schema.json, site-schema.json) with the editor settings
that use them, and a GitHub Actions workflow that
checks pull requests and publishes to Pages. The workflow installs partlab with
go install at this partlab's version: a released version as it is, a
development build at the commit it was built from, or @latest, which init then
says, when the build records no clean commit. DIR may exist but must hold none
of these files: init never overwrites a file, and writes nothing when one is
there.`,
	Examples: []Example{
		{"partlab init course", "write a starter course into course/: site.yaml, a scenario, a README"},
		{"partlab init week-2", "another course, in week-2/; a folder that exists must hold none of its files"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) != 1 {
				return usageError{error: errors.New("init takes one directory")}
			}
			dir := args[0]
			info, _ := debug.ReadBuildInfo()
			target, pinned := installTarget(info)
			files, err := course(target)
			if err != nil {
				return err
			}
			names, err := writeTree(dir, files)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "partlab init: wrote a course repository into %s:\n", dir)
			for _, n := range names {
				fmt.Fprintf(stdout, "  %s\n", n)
			}
			if !pinned {
				fmt.Fprintf(stdout, "note: this partlab is a development build of no clean commit, so the workflow installs %s; pin a released version there\n", target)
			}
			fmt.Fprintf(stdout, "next: cd %s && partlab, then open out/index.html\n", dir)
			return nil
		}
	},
}

// installTarget is MODULE@VERSION, what the scaffold's workflow installs:
// this partlab's released version; for a development build the commit it
// was built from, when the build records one without local changes; else
// @latest, and pinned is false.
func installTarget(info *debug.BuildInfo) (target string, pinned bool) {
	module := "github.com/partlab/partlab"
	if info == nil {
		return module + "@latest", false
	}
	if info.Main.Path != "" {
		module = info.Main.Path
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return module + "@" + v, true
	}
	setting := map[string]string{}
	for _, s := range info.Settings {
		setting[s.Key] = s.Value
	}
	if rev := setting["vcs.revision"]; rev != "" && setting["vcs.modified"] == "false" {
		return module + "@" + rev, true
	}
	return module + "@latest", false
}

// course is what init writes, by name: the scaffold's files with the
// workflow's install line set to target, and the schemas that the
// scaffold's modelines and editor settings name, as this partlab writes them.
func course(target string) (map[string][]byte, error) {
	files := map[string][]byte{
		scaffold.SchemaFile:     scenarios.Schema(),
		scaffold.SiteSchemaFile: scenarios.SiteSchema(),
	}
	err := fs.WalkDir(scaffold.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(scaffold.Files(), name)
		if name == scaffold.WorkflowFile {
			data = bytes.ReplaceAll(data, []byte(scaffold.InstallMark), []byte(target))
		}
		files[name] = data
		return err
	})
	return files, err
}

// writeTree writes every file of files into dir, by their slashed names, and
// returns the names in order. It refuses, writing nothing, when any of them
// exists; a write that fails halfway removes what it created.
func writeTree(dir string, files map[string][]byte) (names []string, err error) {
	names = slices.Sorted(maps.Keys(files))
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
		data := files[n]
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
// symbolic link on the way that leads out of dir (contain.Within), which
// would take the write out of it, and a file where name needs a folder;
// dir itself may be a link, and a link inside it that stays inside is
// followed.
func inTheWay(dir, name string) (bool, error) {
	parts := strings.Split(name, "/")
	for i := range parts {
		p := filepath.Join(dir, filepath.Join(parts[:i+1]...))
		fi, err := os.Lstat(p)
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			in, werr := contain.Within(dir, p)
			switch {
			case werr != nil:
				return false, fmt.Errorf("init: %s cannot be looked at (%v), so init wrote nothing", p, werr)
			case !in:
				return false, fmt.Errorf("init: %s is a symbolic link: init writes only inside %s, and the link leads out of it, so it wrote nothing", p, dir)
			case i == len(parts)-1:
				return true, nil // a link by the file's name, dangling or not
			}
			fi, err = os.Stat(p)
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false, nil
		case err != nil:
			return false, fmt.Errorf("init: %s cannot be looked at (%v), so init wrote nothing", p, errors.Unwrap(err))
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
