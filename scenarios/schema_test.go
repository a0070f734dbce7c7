package scenarios

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"
	"github.com/partlab/partlab/internal/testtool"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// The committed schema.json, which the shipped scenarios name for editors,
// is what partlab schema prints.
func TestSchemaGolden(t *testing.T) {
	golden.Check(t, "schema.json", Schema())
}

// compileSchema compiles Schema with a JSON Schema validator, which also
// checks that it is a valid 2020-12 schema.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// instance is a YAML file as the JSON value a validator checks: each
// scalar as yaml.v3 tags it, which is how the decoder reads it, but a
// timestamp as its text (YAML 1.2, which editors read, has none) and a
// number too large for JSON as the largest float, beyond every bound. ok
// is false when the text is no YAML document.
func instance(src string) (v any, ok bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil || len(doc.Content) == 0 {
		return nil, false
	}
	return nodeValue(doc.Content[0], 0), true
}

func nodeValue(n *yaml.Node, depth int) any {
	if depth > 100 { // an alias's loop; the decoder refuses aliases anyway
		return nil
	}
	switch n.Kind {
	case yaml.AliasNode:
		return nodeValue(n.Alias, depth+1)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = nodeValue(n.Content[i+1], depth+1)
		}
		return m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, nodeValue(c, depth+1))
		}
		return l
	}
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool", "!!int", "!!float":
		var v any
		if err := n.Decode(&v); err != nil {
			return n.Value
		}
		switch x := v.(type) {
		case float64:
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return json.Number(strconv.FormatFloat(math.Copysign(math.MaxFloat64, x), 'g', -1, 64))
			}
			return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
		case int:
			return json.Number(strconv.Itoa(x))
		case int64:
			return json.Number(strconv.FormatInt(x, 10))
		case uint64:
			return json.Number(strconv.FormatUint(x, 10))
		}
		return v
	}
	return n.Value
}

// corpus is every input FuzzParse starts from: its seeds, the shipped
// scenarios and the corpus in testdata, by name.
func corpus(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, name := range []string{"messaging-systems.yaml", "day-24-partitions.yaml", "rebalances.yaml"} {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(src)
	}
	paths, err := filepath.Glob("testdata/fuzz/FuzzParse/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, arg, _ := strings.Cut(string(src), "\nstring(")
		text, err := strconv.Unquote(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		files[path] = text
	}
	for i, src := range fuzzSeeds {
		files["seed "+strconv.Itoa(i)] = src
	}
	return files
}

// schemaCases are inputs where the schema and the decoder have been seen to
// differ, or could: YAML scalars that are no strings, a misspelt kind, a
// cell of two kinds, the answer option.
var schemaCases = map[string]string{
	"id true":                   head + "  - grid: {id: true, keys: [record], partitions: [1]}\n",
	"title a number":            "title: 2026\ncells:\n  - md: hi\n",
	"title a date":              "title: 2026-01-01\ncells:\n  - md: hi\n",
	"title yes":                 "title: yes\ncells:\n  - md: hi\n",
	"md a boolean":              head + "  - md: true\n",
	"md nothing":                head + "  - md:\n",
	"name a number":             head + "  - groups: {partitions: 2, groups: [{name: 7, consumers: 1}]}\n",
	"actual a number":           head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: [{name: P1, actual: 5}]\n",
	"misspelt kind":             head + "  - spraed: {keys: a, partitions: 2}\n",
	"two kinds":                 head + "  - md: a\n    grid: {keys: [record], partitions: [1]}\n",
	"no kind":                   head + "  - {}\n",
	"answer":                    head + "  - grid: {keys: [record], partitions: [1], answer: true}\n",
	"answer a string":           head + "  - grid: {keys: [record], partitions: [1], answer: 'yes'}\n",
	"answer on md":              head + "  - md: hi\n    answer: true\n",
	"duration number":           head + "  - throughput: {partitions: 2, work: 8}\n",
	"infinite guess":            head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: [{name: P1, you: .inf, actual: s.minimum}]\n",
	"hex partitions":            head + "  - grid: {keys: [record], partitions: [0x10]}\n",
	"keys pattern":              head + "  - spread: {keys: 'k{0..9}', partitions: 2}\n",
	"keys a number":             head + "  - spread: {keys: 7, partitions: 2}\n",
	"spread along":              head + "  - spread: {keys: 'k{0..9}', partitions: [1, 2, 12]}\n",
	"spread along, a duplicate": head + "  - spread: {keys: 'k{0..9}', partitions: [2, 2]}\n",
	"spread along, empty":       head + "  - spread: {keys: 'k{0..9}', partitions: []}\n",
	"region and type keys":      head + "  - grid: {keys: [region, type], partitions: [5]}\n",
}

// decoderOnly are patterns of the decoder's messages for the rules that span fields or
// lie outside what a JSON Schema states (YAML itself, duplicate keys,
// references to other cells, patterns' ranges): where the schema accepts a
// file, every message the decoder gives must be one of these.
var decoderOnly = []string{
	"invalid YAML", "more than one YAML document", "empty scenario",
	"duplicate field", "duplicate id", "duplicate group", "duplicate row",
	"is not among the grid's", "must be below the partition count", "must differ from from",
	"give partitions and records, or from", `\(or "from"\)`, "needs exactly one of",
	"applies to equals only", "no grid cell", "has no key", "has no partition count",
	"no cell before this one computes", "no cell computes", "computes no", "must name two partitions",
	"must be between 0 and", "makes no keys", "keys; at most", `ranges; one \{a\.\.b\}`,
	"bytes of keys", `a range is written \{a\.\.b\}`, "port must be a number",
	"must hold one record of", "must be at most the steps",
	// A duration's bounds: the schema's pattern says only that it is one.
	`must be between [0-9.]+[µm]?s and [0-9.hm]+s \(got`,
	// An expression's names and value: the schema says only what it may hold.
	"names no whole-number field of the cell", `; a whole-number field of a cell may be`, `; an expectation's bound may be`,
}

// The schema and the decoder agree on every input of FuzzParse, every bad
// input of the decoder's tests and the cases above: the schema accepts
// every file the decoder accepts, and refuses every file the decoder
// refuses but for a rule only the decoder states (decoderOnly).
func TestSchemaAgreesWithDecoder(t *testing.T) {
	s := compileSchema(t)
	cases := corpus(t)
	for _, b := range slices.Concat(badInputs, badLabInputs) {
		cases["bad input: "+b.name] = b.yaml
	}
	for name, src := range schemaCases {
		cases[name] = src
	}
	var valid, refused, decoderOnlyRefused int
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		src := cases[name]
		_, derr := Parse(strings.NewReader(src), "x.yaml")
		inst, ok := instance(src)
		var serr error
		if ok {
			serr = s.Validate(inst)
		}
		switch {
		case derr == nil && !ok:
			t.Errorf("%s: the decoder accepts what is no YAML", name)
		case derr == nil && serr != nil:
			t.Errorf("%s: the decoder accepts it, the schema does not:\n%v\n%s", name, serr, src)
		case derr == nil:
			valid++
		case ok && serr == nil:
			var list ErrorList
			errors.As(derr, &list)
			for _, e := range list {
				if !slices.ContainsFunc(decoderOnly, func(m string) bool { return regexp.MustCompile(m).MatchString(e.Msg) }) {
					t.Errorf("%s: the decoder refuses it, the schema accepts it:\n%v\n%s", name, e, src)
				}
			}
			decoderOnlyRefused++
		default:
			refused++
		}
	}
	t.Logf("%d inputs: %d valid, %d refused by both, %d refused by the decoder alone", len(cases), valid, refused, decoderOnlyRefused)
	if valid < 10 || refused < 50 {
		t.Errorf("only %d valid and %d refused inputs to compare", valid, refused)
	}
}

// ajv, the validator most editors and CI tools run, compiles the schema in
// strict mode: no union types, no unknown keywords, no keyword that does not
// apply to its type.
func TestSchemaStrictAjv(t *testing.T) {
	testtool.Slow(t, "runs Ajv under Node")
	node, err := exec.LookPath("node")
	testtool.Need(t, "node", err)
	_, err = os.Stat(filepath.Join("..", "node_modules", "ajv", "dist", "2020.js"))
	testtool.Need(t, "ajv (run npm ci)", err)
	dir := t.TempDir()
	for name, b := range map[string][]byte{"schema.json": Schema(), "site-schema.json": SiteSchema()} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `const Ajv = require(process.argv[1]);
const ajv = new Ajv({strict: true, allErrors: true, logger: {log() {}, warn(m) { throw new Error(m); }, error(m) { throw new Error(m); }}});
for (const f of process.argv.slice(2)) ajv.compile(require(f));`
	ajv, _ := filepath.Abs(filepath.Join("..", "node_modules", "ajv", "dist", "2020.js"))
	out, err := exec.Command(node, "-e", script, ajv, filepath.Join(dir, "schema.json"), filepath.Join(dir, "site-schema.json")).CombinedOutput()
	if err != nil {
		t.Fatalf("ajv --strict: %v\n%s", err, out)
	}
}
