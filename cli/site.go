package cli

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
)

// siteFlag adds --site FILE, the site settings, to a command.
func siteFlag(fs *flag.FlagSet) *string {
	return fs.String("site", "", "read the site settings from `FILE` (default: "+scenarios.SiteFile+" here, when there is one)")
}

// loadSite reads the site settings of a run over files: name, or without
// one site.yaml in the working folder when there is one, or none (nil).
// The order may name the scenarios of the scenarios/ folder beside the
// settings and the files of the run.
func loadSite(name string, files []string) (*scenarios.Site, error) {
	if name == "" {
		if _, err := os.Stat(scenarios.SiteFile); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		name = scenarios.SiteFile
	}
	s, err := load.Site(name)
	if err != nil {
		return nil, err
	}
	beside, err := filepath.Glob(filepath.Join(filepath.Dir(name), "scenarios", "*.yaml"))
	if err != nil {
		return nil, err
	}
	var known []string
	for _, f := range append(beside, files...) {
		known = append(known, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)))
	}
	slices.Sort(known)
	if err := s.CheckOrder(slices.Compact(known)); err != nil {
		return nil, err
	}
	return s, nil
}
