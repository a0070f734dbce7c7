// Package load reads the files an author names — a scenario, a --params
// file, site.yaml and its favicon, a scenario's Markdown images — through
// the one bounded reader, and hands their bytes to package scenarios.
//
// It is not for decoding, which scenarios does from bytes alone, so that a
// cell can be decoded where there are no files: the page's WebAssembly
// engine links scenarios and not this package.
package load

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/partlab/partlab/internal/imagefile"
	"github.com/partlab/partlab/internal/readfile"
	"github.com/partlab/partlab/scenarios"
)

// Scenario reads and validates a scenario file, with overrides put over
// its values; the scenario reads its images from the file's folder.
func Scenario(name string, overrides ...scenarios.Override) (*scenarios.Scenario, error) {
	s, err := Salvage(name, overrides...)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Salvage is Scenario with scenarios.Salvage's partial scenario.
func Salvage(name string, overrides ...scenarios.Override) (*scenarios.Scenario, error) {
	dir := filepath.Dir(name)
	src, err := readfile.Read(name, dir, scenarios.MaxFileSize)
	if err != nil {
		return nil, err
	}
	s, err := scenarios.Salvage(bytes.NewReader(src), name, overrides...)
	if s != nil {
		s.Folder = folder(dir)
	}
	return s, err
}

// Params reads a --params file (see scenarios.ParseParams).
func Params(name string) ([]scenarios.Override, error) {
	src, err := readfile.Read(name, filepath.Dir(name), scenarios.MaxFileSize)
	if err != nil {
		return nil, err
	}
	return scenarios.ParseParams(src, name)
}

// Site reads and validates a site file, and the favicon it names, which is
// read from the file's folder.
func Site(name string) (*scenarios.Site, error) {
	src, err := readfile.Read(name, filepath.Dir(name), scenarios.MaxFileSize)
	if err != nil {
		return nil, err
	}
	s, err := scenarios.ParseSite(bytes.NewReader(src), name)
	if err != nil || s.Favicon.Name == "" {
		return s, err
	}
	icon := filepath.Join(filepath.Dir(name), filepath.FromSlash(s.Favicon.Name))
	if s.Favicon.Data, err = readFavicon(icon, filepath.Dir(name)); err != nil {
		at := s.Favicon.At
		return nil, scenarios.ErrorList{{File: name, Line: at.Line, Col: at.Col, Field: "favicon", Msg: err.Error()}}
	}
	s.Favicon.Name = "favicon" + strings.ToLower(path.Ext(s.Favicon.Name))
	return s, nil
}

// readFavicon reads the icon, which must lie in dir, be at most
// scenarios.MaxFavicon bytes and be the image its name says.
func readFavicon(icon, dir string) ([]byte, error) {
	data, err := readfile.Read(icon, dir, scenarios.MaxFavicon)
	if err != nil {
		return nil, err
	}
	if err := imagefile.Check(icon, data); err != nil {
		return nil, fmt.Errorf("%s %w", icon, err)
	}
	return data, nil
}

// folder is a scenario's folder, whose files its Markdown's images name.
type folder string

func (f folder) ReadFile(name string, limit int64) ([]byte, error) {
	dir := string(f)
	data, err := readfile.Read(filepath.Join(dir, filepath.FromSlash(name)), dir, limit)
	if errors.Is(err, readfile.ErrOutside) {
		return nil, fmt.Errorf("%w: images come from the scenario's folder and below", err)
	}
	return data, err
}
