package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// docs/reference.md is printed from the code: the commands from the command
// table, the fields and their bounds from the JSON Schemas that the field
// specs make, the figure names from the engine's figure tables, and the
// template functions from the function map. -update rewrites it; a test
// fails when the committed file differs from a fresh print.
func TestReference(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# Reference\n\n")
	b.WriteString("Printed from partlab's code by `go test ./cli -run TestReference -update`; do not edit.\n")
	b.WriteString("Contents: [commands](#commands) · [scenario files](#scenario-files) · [site.yaml](#siteyaml) ·\n")
	b.WriteString("[figures](#figures) · [template functions](#template-functions) · [the engine in the page](#the-engine-in-the-page)\n\n")

	b.WriteString("## Commands\n\n```\n")
	if err := overview(&b); err != nil {
		t.Fatal(err)
	}
	b.WriteString("```\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "\n### partlab %s\n\n```\n", c.Name)
		if err := c.help(&b); err != nil {
			t.Fatal(err)
		}
		b.WriteString("```\n")
	}
	b.WriteString("\n### partlab help flags\n\nThe flags several commands share, as `partlab help flags` prints them.\n\n```\n")
	if err := sharedFlags(&b); err != nil {
		t.Fatal(err)
	}
	b.WriteString("```\n")

	b.WriteString("\n## Scenario files\n\n")
	b.WriteString("Every field of a scenario file, with its type, default and bounds, as the decoder and `partlab schema` read them.\n")
	schemaFields(t, &b, scenarios.Schema())

	b.WriteString("\n## site.yaml\n\n")
	b.WriteString("The site settings, beside `scenarios/`, as `partlab schema --site` describes them.\n")
	schemaFields(t, &b, scenarios.SiteSchema())

	b.WriteString("\n## Figures\n\n")
	b.WriteString("The named figures of each kind of cell, as `expect:`, `predictions` and the `figure` template function name them: `ID.NAME`, or\n")
	b.WriteString("`ID.NAME@M` for a family, one per member M of the cell's list (a consumer or partition count, a group's or protocol's name,\n")
	b.WriteString("`PROTOCOL/E` for a rebalance's event E, `NAME/N` for a keyless cell's partitioner and window, or `KEY/P/C` for a grid).\n\n")
	b.WriteString("| kind | what it computes | figures | families (`@M`) |\n|---|---|---|---|\n")
	for _, k := range scenarios.Kinds() {
		doc, zero, ok := scenarios.KindDoc(k)
		if !ok {
			t.Fatalf("kind %s has no zero cell", k)
		}
		plain, family := sim.FigureTable(zero)
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", k, cellText(doc), codes(plain), codes(family))
	}

	b.WriteString("\n## Template functions\n\n")
	b.WriteString("The functions of the Markdown templates in `md:` cells and summaries, beside text/template's own (`len`, `index`, `printf`, …).\n\n")
	b.WriteString("| function | Go type | what it does |\n|---|---|---|\n")
	for _, f := range markdown.Funcs() {
		fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", f.Name, f.Type, cellText(f.Doc))
	}

	b.WriteString("\n## The engine in the page\n\n")
	b.WriteString("What a page, or a course author's script, calls to recompute one cell in the browser; how it works is in\n")
	b.WriteString("[the HTML report](explanation/report.md#the-engine-in-the-page).\n\n")
	b.WriteString("| call | where | what it does |\n|---|---|---|\n")
	b.WriteString("| `partlab.run(kind, spec, {source, above, signal})` | the module, once Go's `wasm_exec.js` has run it: in the worker `partlabRun.start` makes, or a worker of a script's own (in a page, `partlab` is the chart script's) | a promise of `{json, results, html, narrative}`: the cell's entry of results.json (text and parsed), its body as its page holds it and its paragraph; it rejects with a scenario file's messages (and `problems`, a list of `{field, message}`), the command line's budget, or an `AbortError` |\n")
	b.WriteString("| `partlab.kinds` | the module | the kinds `kind` may be |\n")
	b.WriteString("| `partlabRun.start(assets)` | `assets/partlab-run.js` | `{ready, run(kind, spec, {source, above})}`, the module in a Web Worker: `run` returns `{result, cancel}` |\n")
	b.WriteString("| `partlabRun.toggle(section, assets)` | `assets/partlab-run.js` | opens or closes a cell's \"Try your own values\" form |\n\n")
	kinds := make([]string, 0, len(scenarios.Kinds()))
	for _, k := range scenarios.Kinds() {
		kinds = append(kinds, string(k))
	}
	fmt.Fprintf(&b, "`kind` is one of %s; `spec` is what a scenario file writes under the kind's key, an object or YAML or JSON text,\n", codes(kinds))
	b.WriteString("with the fields, defaults and bounds of [scenario files](#scenario-files); `source` is a `source:` mapping; `above` lists `{kind, spec}`,\n")
	b.WriteString("the cells the cell refers to. A page computes with the sim engine only: `engine: kafka` or `both` is refused.\n")
	golden.Check(t, filepath.Join(root, "docs", "reference.md"), b.Bytes())
}

// schemaFields prints a JSON Schema's fields as one table per object, by
// their paths: cells[].grid.partitions[].
func schemaFields(t *testing.T, b *bytes.Buffer, schema []byte) {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, s map[string]any)
	walk = func(path string, s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		if len(props) > 0 {
			title := path
			if title == "" {
				title = "top level"
			}
			fmt.Fprintf(b, "\n#### %s\n\n", title)
			if d, _ := s["description"].(string); d != "" && path != "" {
				fmt.Fprintf(b, "%s\n\n", cellText(d))
			}
			b.WriteString("| field | type | required | default | bounds | what it is |\n|---|---|---|---|---|---|\n")
			required, _ := s["required"].([]any)
			names := make([]string, 0, len(props))
			for n := range props {
				names = append(names, n)
			}
			slices.Sort(names)
			for _, n := range names {
				p := props[n].(map[string]any)
				req := ""
				if slices.Contains(required, any(n)) {
					req = "yes"
				}
				def := ""
				if d, ok := p["default"]; ok {
					j, _ := json.Marshal(d)
					def = "`" + string(j) + "`"
				}
				desc, _ := p["description"].(string)
				fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s |\n", n, typeOf(p), req, def, bounds(p), cellText(desc))
			}
			for _, n := range names {
				walk(join(path, n), props[n].(map[string]any))
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(path+"[]", items)
		}
		for _, key := range []string{"oneOf", "anyOf"} {
			alts, _ := s[key].([]any)
			for _, a := range alts {
				if alt, ok := a.(map[string]any); ok {
					walk(path, alt)
				}
			}
		}
	}
	walk("", root)
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// orExpression is the number a field of a cell may also write as an
// expression of the cell's fields (scenarios' withExpressions), or nil.
func orExpression(p map[string]any) map[string]any {
	alts, _ := p["anyOf"].([]any)
	if len(alts) != 2 {
		return nil
	}
	num, _ := alts[0].(map[string]any)
	expr, _ := alts[1].(map[string]any)
	if d, _ := expr["description"].(string); num == nil || !strings.HasPrefix(d, "an expression") {
		return nil
	}
	return num
}

// typeOf is a field's JSON type, with its items' for a list.
func typeOf(p map[string]any) string {
	if num := orExpression(p); num != nil {
		return typeOf(num) + " or expression"
	}
	t, _ := p["type"].(string)
	if items, ok := p["items"].(map[string]any); ok && t == "array" {
		return "list of " + typeOf(items)
	}
	if t == "" {
		if _, ok := p["oneOf"]; ok {
			return "one of several"
		}
		if _, ok := p["anyOf"]; ok {
			return "one of several"
		}
	}
	return t
}

// bounds are a field's limits: its range, lengths, pattern and choices.
func bounds(p map[string]any) string {
	if num := orExpression(p); num != nil {
		return bounds(num)
	}
	var out []string
	num := func(k string) (string, bool) {
		v, ok := p[k].(float64)
		return fmt.Sprint(v), ok
	}
	for _, k := range [][2]string{{"minimum", "≥ "}, {"exclusiveMinimum", "> "}, {"maximum", "≤ "}, {"minItems", "at least %s items"}, {"maxItems", "at most %s items"}, {"maxLength", "at most %s bytes"}} {
		if v, ok := num(k[0]); ok {
			if strings.Contains(k[1], "%s") {
				out = append(out, fmt.Sprintf(k[1], v))
			} else {
				out = append(out, k[1]+v)
			}
		}
	}
	if u, _ := p["uniqueItems"].(bool); u {
		out = append(out, "no repeats")
	}
	if e, ok := p["enum"].([]any); ok {
		var names []string
		for _, v := range e {
			names = append(names, fmt.Sprintf("`%v`", v))
		}
		out = append(out, "one of "+strings.Join(names, ", "))
	}
	if pat, ok := p["pattern"].(string); ok {
		out = append(out, "matches `"+pat+"`")
	}
	if items, ok := p["items"].(map[string]any); ok {
		if ib := bounds(items); ib != "" {
			out = append(out, "each "+ib)
		}
	}
	return strings.Join(out, "; ")
}

// cellText is text as one Markdown table cell.
func cellText(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}

func codes(names []string) string {
	var out []string
	for _, n := range names {
		out = append(out, "`"+n+"`")
	}
	return strings.Join(out, " ")
}
