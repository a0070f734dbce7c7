package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
