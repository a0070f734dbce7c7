package preview

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/partlab/partlab/scenarios"
)

// stamp is what polling compares: a save changes the modification time or
// the size; a missing file has neither.
type stamp struct {
	mod  time.Time
	size int64
	err  bool
}

func stampOf(name string) stamp {
	st, err := os.Stat(name)
	if err != nil {
		return stamp{err: true}
	}
	return stamp{mod: st.ModTime(), size: st.Size()}
}

// watcher is what the polling goroutine looks at, each file with its stamp
// as last read: the scenario files, the site settings and the files pages
// use (images).
type watcher struct {
	files []string // the scenario files of the last render, in order
	// folder, when set, is the glob of the scenario files instead of
	// files: a file added or removed there joins or leaves the site.
	folder string
	// siteFile is the site settings' file, or "" for site.yaml when there
	// is one.
	siteFile string

	stamps       map[string]stamp // the scenario files' and the used files'
	settingsAt   string           // the settings' file as last read, and its stamp
	settingsSeen stamp
	uses         map[string][]string // each file a page uses → the scenario files whose pages use it
}

// scenarioFiles are the site's scenario files now: the folder's, sorted,
// or the command line's.
func (w *watcher) scenarioFiles() []string {
	if w.folder == "" {
		return w.files
	}
	files, _ := filepath.Glob(w.folder) // the pattern is partlab's own
	return files
}

// settingsFile is the site settings' file, "" when there is none.
func (w *watcher) settingsFile() string {
	if w.siteFile != "" {
		return w.siteFile
	}
	if _, err := os.Stat(scenarios.SiteFile); err == nil {
		return scenarios.SiteFile
	}
	return ""
}

// changes lists what changed since the last look: the scenario files to
// compute again (those saved or added, and those whose pages use a file
// that changed), and whether the site is to be rendered again all the same
// (a file removed, or the settings changed).
func (w *watcher) changes() (changed []string, again bool) {
	files := w.scenarioFiles()
	for _, f := range files {
		if stampOf(f) != w.stamps[f] {
			changed = append(changed, f)
		}
	}
	again = !slices.Equal(files, w.files)
	if name := w.settingsFile(); name != w.settingsAt || stampOf(name) != w.settingsSeen {
		again = true
	}
	for _, used := range slices.Sorted(maps.Keys(w.uses)) {
		if stampOf(used) != w.stamps[used] {
			// Its pages are rendered again from a new computation of theirs.
			for _, f := range w.uses[used] {
				if !slices.Contains(changed, f) && slices.Contains(files, f) {
					changed = append(changed, f)
				}
			}
		}
	}
	return changed, again
}

// see stamps a file as it is now. A file is stamped before it is read, so
// that a save while it is read is seen at the next poll.
func (w *watcher) see(name string) { w.stamps[name] = stampOf(name) }

// seeSettings stamps the settings' file, about to be read, and returns its
// name ("" for none).
func (w *watcher) seeSettings() string {
	w.settingsAt = w.settingsFile()
	w.settingsSeen = stampOf(w.settingsAt)
	return w.settingsAt
}

// watchUses replaces the files pages use, each stamped as it is now.
func (w *watcher) watchUses(uses map[string][]string) {
	w.uses = uses
	for used := range uses {
		w.see(used)
	}
}
