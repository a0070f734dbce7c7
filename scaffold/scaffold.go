// Package scaffold holds the course repository that partlab init writes:
// scenarios, site settings, the editor settings for their schemas, a
// README, a .gitignore and a GitHub Actions
// workflow that checks pull requests and publishes to Pages.
//
// It is for files only: the init command copies them into a new folder,
// byte for byte but for the workflow's InstallMark, and adds the schemas,
// which package scenarios makes. The tree under course/ is the scaffold as a
// course author sees it.
package scaffold

import (
	"embed"
	"io/fs"
)

// The files init treats apart: the workflow, whose InstallMark it replaces
// with the module and version to go install, and the schemas it writes
// beside the scaffold's files, which the modelines and
// .vscode/settings.json name.
const (
	WorkflowFile   = ".github/workflows/publish.yml"
	InstallMark    = "partlab-module@partlab-version"
	SchemaFile     = "schema.json"
	SiteSchemaFile = "site-schema.json"
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
