package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/partlab/partlab/internal/readfile"
)

// echartsModule is where npm puts ECharts' browser build.
const echartsModule = "node_modules/echarts/dist/echarts.min.js"

// FindECharts returns the path of ECharts' browser build installed by npm
// (package.json pins the version), looking in dir and then in each directory
// above it, as Node resolves a package.
func FindECharts(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, echartsModule)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s not found in %s or above: run `npm ci` where package.json pins echarts (`partlab init` writes one), pass --echarts PATH (or set PARTLAB_ECHARTS) to an echarts.min.js, or pass --cdn URL", echartsModule, abs)
		}
	}
}

// MaxECharts bounds the ECharts script a render reads: echarts.min.js is
// about 1 MB.
const MaxECharts = 16 << 20

// ReadECharts reads the build FindECharts finds from dir, which must lie in
// the node_modules folder it was found in.
func ReadECharts(dir string) ([]byte, error) {
	p, err := FindECharts(dir)
	if err != nil {
		return nil, err
	}
	modules := filepath.Join(strings.TrimSuffix(p, filepath.FromSlash(echartsModule)), "node_modules")
	return readfile.Read(p, modules, MaxECharts)
}
