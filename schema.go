package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/partlab/partlab/scenarios"
)

// schema prints the JSON Schema of scenario files, or with --site of site
// settings, or writes it to -o FILE
// through a temporary file and a rename, so that FILE is never half written.
func schema(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("schema", stderr)
	out := fs.String("o", "", "write the schema to `FILE` instead of standard output")
	site := fs.Bool("site", false, "the schema of the site settings, site.yaml")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() != 0 {
		return usageError{errors.New("schema takes no arguments")}
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
