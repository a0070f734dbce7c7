package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"

	"github.com/partlab/partlab/scenarios"
)

var schemaCommand = &Command{
	Name:      "schema",
	UsageLine: "partlab schema [--site] [-o FILE]",
	Short:     "print the JSON Schema of scenario files, or with --site of site.yaml",
	Long: `Schema prints the JSON Schema of scenario files, which editors use to check and
complete them as they are written, or with --site the schema of the site settings,
site.yaml. -o writes it to FILE instead, through a temporary file and a rename, so
that FILE is never half written.`,
	Examples: []Example{
		{"partlab schema -o scenario.schema.json", "the JSON Schema of scenario files, for an editor's completion"},
		{"partlab schema --site", "the JSON Schema of site.yaml, on stdout"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		out := fs.String("o", "", "write the schema to `FILE` instead of standard output")
		site := fs.Bool("site", false, "the schema of the site settings, site.yaml")
		return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) != 0 {
				return usageError{error: errors.New("schema takes no arguments")}
			}
			data := scenarios.Schema()
			if *site {
				data = scenarios.SiteSchema()
			}
			if *out == "" {
				_, err := stdout.Write(data)
				return err
			}
			return writeFile(*out, data)
		}
	},
}

// writeFile replaces path with data whole or not at all.
func writeFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // gone after the rename; removed on failure
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
