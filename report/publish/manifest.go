package publish

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/partlab/partlab/internal/readfile"
)

// ManifestFile lists what partlab wrote into a site's folder, at its root,
// so that a render adds to the site there and --clean removes only what
// partlab wrote: a file partlab did not write is never removed.
const ManifestFile = "partlab-manifest.json"

// maxManifest bounds the manifest a render reads.
const maxManifest = 64 << 20

// ReadManifest decodes the manifest of the folder dir into m, which a
// folder without one leaves as it is: it holds no site of partlab's (it may
// hold other files).
func ReadManifest(dir string, m any) error {
	name := filepath.Join(dir, ManifestFile)
	data, err := readfile.Read(name, dir, maxManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, m); err != nil {
		return fmt.Errorf("%s: %w: remove it to start the site afresh", name, err)
	}
	return nil
}

// Inside reports whether a manifest's path is a clean path inside the site.
func Inside(p string) bool {
	return p != "" && filepath.IsLocal(p) && filepath.ToSlash(filepath.Clean(p)) == p && !strings.Contains(p, "\\")
}
