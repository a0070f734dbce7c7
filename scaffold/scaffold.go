// Package scaffold holds the course repository that partlab init writes:
// scenarios, site settings, the npm files that pin ECharts, a README, a
// .gitignore and a GitHub Pages workflow.
//
// It is for files only: package main copies them, byte for byte, into a new
// folder. The tree under course/ is the scaffold as a course author sees it.
package scaffold

import (
	"embed"
	"io/fs"
)

//go:embed all:course
var course embed.FS

// Files returns the course repository, rooted at its top folder.
func Files() fs.FS {
	sub, err := fs.Sub(course, "course")
	if err != nil {
		panic(err) // "course" is a valid path, embedded above
	}
	return sub
}
