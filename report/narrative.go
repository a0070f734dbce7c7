package report

import (
	"bytes"
	"fmt"
	texttemplate "text/template"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/templates"
)

// narratives are the Markdown templates of the generated narrative, parsed
// once. They word a story; they hold no figure of their own.
var narratives = texttemplate.Must(texttemplate.New("narrative").
	Option("missingkey=error").
	Funcs(markdown.FormatFuncs).
	Funcs(keyFuncs).
	Funcs(texttemplate.FuncMap{"sep": format.Sep, "text": markdown.Escape, "partitions": func(ps []int) (string, error) { return format.List(format.Partitions(ps)) }}).
	ParseFS(templates.FS, "narrative/*.md"))

// narrate executes a narrative template into Markdown.
func narrate(name string, story any) (string, error) {
	var buf bytes.Buffer
	if err := narratives.ExecuteTemplate(&buf, name, story); err != nil {
		return "", fmt.Errorf("narrative %s: %w", name, err)
	}
	return buf.String(), nil
}
