package report

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// TestREADMEKinds checks the README's words on each kind that the report
// owns: "The HTML report" says what a cell of every kind shows, and the
// list of conclusions in results.json names every conclusion a kind draws
// (some only in a run the shipped scenarios do not make, such as
// measured_close), and none for a kind that draws none.
func TestREADMEKinds(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	_, page, _ := strings.Cut(text, "\n## The HTML report\n")
	page, _, _ = strings.Cut(page, "\n## ")
	listed := readmeConclusions(t, text)
	drawn := shippedConclusions(t)
	for _, k := range scenarios.Kinds() {
		if !strings.Contains(page, "`"+string(k)+"`") {
			t.Errorf("README: \"The HTML report\" does not say what a %s cell shows", k)
		}
		if (kinds[k].conclusions != nil) != (len(listed[k]) > 0) {
			t.Errorf("README: the conclusions of %s cells are %q, but the kind draws conclusions: %v", k, listed[k], kinds[k].conclusions != nil)
		}
		for _, name := range drawn[k] {
			if !slices.Contains(listed[k], name) {
				t.Errorf("README: the conclusions of %s cells lack %s", k, name)
			}
		}
	}
}

// readmeConclusions reads the README's list of conclusions ("grid:
// `some_key_keeps_every_row`, …; throughput: `exact` …"): each kind's
// names, a family by its name before the @.
func readmeConclusions(t *testing.T, text string) map[sim.Kind][]string {
	_, list, ok := strings.Cut(text, "so the two\n  cannot disagree. ")
	list, _, ok2 := strings.Cut(list, " Other kinds have `{}`.")
	if !ok || !ok2 {
		t.Fatal("README: no list of conclusions (\"… cannot disagree. grid: … Other kinds have `{}`.\")")
	}
	out := map[sim.Kind][]string{}
	for _, entry := range strings.Split(list, ";") {
		kind, names, _ := strings.Cut(strings.TrimSpace(entry), ":")
		for _, m := range regexp.MustCompile("`([a-z_]+)(?:@[^`]*)?`").FindAllStringSubmatch(names, -1) {
			out[sim.Kind(kind)] = append(out[sim.Kind(kind)], m[1])
		}
	}
	return out
}

// shippedConclusions are the conclusions the shipped scenarios' cells draw,
// by kind, a family by its name before the @.
func shippedConclusions(t *testing.T) map[sim.Kind][]string {
	out := map[sim.Kind][]string{}
	for _, c := range reporttest.Shipped(t) {
		nb := computed(c)
		cs, err := nb.computations()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.conclusions == nil {
				continue
			}
			m, err := c.conclusions(nb, c.cell)
			if err != nil {
				t.Fatal(err)
			}
			for name := range m {
				name, _, _ = strings.Cut(name, "@")
				if !slices.Contains(out[c.Kind], name) {
					out[c.Kind] = append(out[c.Kind], name)
				}
			}
		}
	}
	return out
}
