package scenarios

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/partlab/partlab/sim"
)

// authoring is the guide to writing scenarios, whose YAML examples are
// written by hand; the reference beside it (docs/reference.md, printed by
// cli's TestReference) lists every field, bound and figure from the code.
const authoring = "../docs/authoring.md"

// TestDocsCellExamples checks the authoring guide's hand-written examples:
// every kind is written out in one of its YAML blocks, with each of its
// fields.
func TestDocsCellExamples(t *testing.T) {
	b, err := os.ReadFile(authoring)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range Kinds() {
		block, ok := yamlCell(string(b), k)
		if !ok {
			t.Errorf("%s: no YAML example of a %s cell (a line \"  - %s:\")", authoring, k, k)
			continue
		}
		if s := cellKinds[k].spec.schema(); s["type"] == "object" {
			for _, field := range slices.Sorted(maps.Keys(s["properties"].(schema))) {
				if field != "id" && !regexp.MustCompile(`(?m)(^\s+|[{,]\s*)`+field+`:`).MatchString(block) {
					t.Errorf("%s: the %s cell's example lacks its field %s", authoring, k, field)
				}
			}
		}
	}
}

// yamlCell is the guide's example of a cell of kind k: the lines from
// "  - k:" to the next cell or the block's end.
func yamlCell(text string, k sim.Kind) (string, bool) {
	m := regexp.MustCompile(`(?m)^  - ` + string(k) + `:.*\n((?:    .*\n|\s*#.*\n)*)`).FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[0], true
}
