package scenarios

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"

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

// instance is a YAML file as the JSON value an editor's validator sees.
func instance(t *testing.T, src string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(src), &v); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// The schema accepts every file the decoder accepts: the shipped scenarios
// and the valid inputs of FuzzParse's seeds and corpus.
func TestSchemaAcceptsValidFiles(t *testing.T) {
	s := compileSchema(t)
	files := map[string]string{}
	for _, name := range []string{"messaging-systems.yaml", "day-24-partitions.yaml", "rebalances.yaml"} {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(src)
	}
	corpus, err := filepath.Glob("testdata/fuzz/FuzzParse/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range corpus {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, arg, _ := strings.Cut(string(src), "\nstring(")
		text, err := strconv.Unquote(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if _, err := Parse(strings.NewReader(text), path); err == nil {
			files[path] = text
		}
	}
	for i, src := range fuzzSeeds {
		if _, err := Parse(strings.NewReader(src), "seed"); err == nil {
			files["seed "+strconv.Itoa(i)] = src
		}
	}
	if len(files) < 5 {
		t.Fatalf("only %d valid files to check", len(files))
	}
	for name, src := range files {
		if err := s.Validate(instance(t, src)); err != nil {
			t.Errorf("%s: the decoder accepts it, the schema does not:\n%v", name, err)
		}
	}
}

// The schema refuses what the decoder refuses for want of a field or a type.
func TestSchemaRejects(t *testing.T) {
	s := compileSchema(t)
	const head = "title: t\ncells:\n"
	for _, tc := range []struct{ name, yaml string }{
		{"unknown top-level field", "title: t\ncolour: red\ncells:\n  - md: hi\n"},
		{"unknown grid field", head + "  - grid: {keys: [record], partitions: [1], colour: red}\n"},
		{"unknown kind", head + "  - chart: {}\n"},
		{"wrong type", head + "  - grid: {keys: subscriber, partitions: [1]}\n"},
		{"not a number", head + "  - grid: {keys: [subscriber], partitions: [four]}\n"},
		{"out of bounds", head + "  - grid: {keys: [subscriber], partitions: [0]}\n"},
		{"unknown name", head + "  - grid: {keys: [user], partitions: [1]}\n"},
		{"missing required field", head + "  - grid: {keys: [record]}\n"},
		{"bad duration", head + "  - throughput: {partitions: 2, work: fast}\n"},
		{"missing title", "cells:\n  - md: hi\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Parse(strings.NewReader(tc.yaml), "x.yaml"); err == nil {
				t.Fatalf("the decoder accepts it")
			}
			if err := s.Validate(instance(t, tc.yaml)); err == nil {
				t.Errorf("the schema accepts it")
			}
		})
	}
}
