package report

import (
	"bytes"
	"fmt"
	"sync"
	texttemplate "text/template"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/templates"
)

// narratives are the Markdown templates of the generated narrative, parsed
// once, on first use. They word a story; they hold no figure of their own.
func narratives() *texttemplate.Template {
	narrativesOnce.Do(parseNarratives)
	return narrativeTemplates
}

func parseNarratives() {
	narrativeTemplates = texttemplate.Must(texttemplate.New("narrative").
		Option("missingkey=error").
		Funcs(markdown.FormatFuncs()).
		Funcs(keyFuncs).
		Funcs(texttemplate.FuncMap{"sep": format.Sep, "sepOf": sepOf, "sampled": sampled, "text": markdown.Escape, "partitions": func(ps []int) (string, error) { return format.List(format.Partitions(ps)) }}).
		ParseFS(templates.Cells, "narrative/*.md"))
}

var (
	narrativesOnce     sync.Once
	narrativeTemplates *texttemplate.Template
)

// sepOf is format.Sep for a list of n items told of a longer one, of items:
// the gap before the last item shows, ", … and ".
func sepOf(i, n, of int) string {
	if i == n-1 && i > 0 && of > n {
		return ", … and "
	}
	return format.Sep(i, n)
}

// sampled says which n of a list of of items a sentence gave, when it gave
// fewer than all, and is "" when it gave all: "the first 3 and the last of
// 5 partition counts". The sampled list is its first n-1 items and its last
// (see sample).
func sampled(n, of int, noun string) string {
	if of <= n {
		return ""
	}
	return fmt.Sprintf("the first %d and the last of %s", n-1, format.Plural(of, noun))
}

// narrate executes a narrative template into Markdown.
func narrate(name string, story any) (string, error) {
	var buf bytes.Buffer
	if err := narratives().ExecuteTemplate(&buf, name, story); err != nil {
		return "", fmt.Errorf("narrative %s: %w", name, err)
	}
	return buf.String(), nil
}
