package recompute

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/specgen"
	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
	"gopkg.in/yaml.v3"
)

var perKind = flag.Int("per-kind", 20, "generated specs per kind that TestAgreement computes")

// testBudget keeps the generated specs small enough for a test: a spec
// over it is made again; one over sim.DefaultBudget is a refusal.
var testBudget = sim.Budget{Visits: 2_000_000, Rows: 1024, Output: 4 << 20}

// A request as run.cjs reads it.
type nodeRequest struct {
	Kind   sim.Kind   `json:"kind"`
	Spec   string     `json:"spec"`
	Source string     `json:"source,omitempty"`
	Above  []nodeCell `json:"above,omitempty"`
	Abort  int        `json:"abort,omitempty"`
	// Deep, when set, makes the spec an object nested that deep; Odd, when
	// set, is the above option as it is, in place of Above.
	Deep int `json:"deep,omitempty"`
	Odd  any `json:"odd,omitempty"`
}

type nodeCell struct {
	Kind sim.Kind `json:"kind"`
	Spec string   `json:"spec"`
}

// An answer as run.cjs writes it.
type answer struct {
	JSON, HTML, Narrative string
	Same                  bool // results is JSON parsed
	Error, Name           string
}

// An agreement is one request and what its answer must be.
type agreement struct {
	name  string
	req   Request
	abort int                // milliseconds
	page  func(*nodeRequest) // what the page passes otherwise, if anything
	check func(t *testing.T, a answer)
}

// TestAgreement builds the WebAssembly engine, runs it under Node with
// Go's own wasm_exec.js, and compares partlab.run with the native engine
// byte for byte: every computation of the shipped scenarios, against its
// entry of their results.json; specs of every kind generated across their
// bounds, each against a scenario file of the same cells; errors and
// budget refusals in the same words as a scenario file's; and an abort.
// One module instance answers every request, and the native engine
// computes what the generated ones must be while Node computes.
func TestAgreement(t *testing.T) {
	testtool.Slow(t, "builds the WebAssembly module and runs it under Node")
	node, err := exec.LookPath("node")
	testtool.Need(t, "node", err)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	testtool.Need(t, "go env GOROOT", err)
	dir := t.TempDir()
	module := filepath.Join(dir, "partlab.wasm")
	build := exec.Command("go", "build", "-o", module, "github.com/partlab/partlab/wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, out)
	}
	var cases []agreement
	for _, file := range shippedScenarios(t) {
		cases = append(cases, shipped(t, file)...)
	}
	t.Logf("%d computations of the shipped scenarios", len(cases))
	draws := generated(t, *perKind)
	refused := refusals(t)

	var reqs []nodeRequest
	for _, c := range cases {
		reqs = append(reqs, c.node())
	}
	for _, d := range draws {
		reqs = append(reqs, toNode(d.req, 0))
	}
	for _, c := range refused {
		reqs = append(reqs, c.node())
	}
	in, out := filepath.Join(dir, "requests.json"), filepath.Join(dir, "answers.json")
	b, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, b, 0o644)
	var msg bytes.Buffer
	run := exec.CommandContext(t.Context(), node, filepath.Join("testdata", "run.cjs"), filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), module, in, out)
	run.Stdout, run.Stderr = &msg, &msg
	if err := run.Start(); err != nil {
		t.Fatalf("node: %v", err)
	}
	// A test that fails from here on ends its context, which stops Node.
	done := make(chan error, 1)
	go func() { done <- run.Wait() }()
	for _, d := range draws {
		cases = append(cases, d.agreement(t))
	}
	cases = append(cases, refused...)
	if err := <-done; err != nil {
		t.Fatalf("node: %v\n%s", err, msg.Bytes())
	}
	var answers []answer
	if b, err = os.ReadFile(out); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &answers); err != nil || len(answers) != len(cases) {
		t.Fatalf("%d answers for %d requests (%v)", len(answers), len(cases), err)
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.check(t, answers[i]) })
	}
}

// node is the request the page makes for c.
func (c agreement) node() nodeRequest {
	r := toNode(c.req, c.abort)
	if c.page != nil {
		c.page(&r)
	}
	return r
}

func toNode(r Request, abort int) nodeRequest {
	n := nodeRequest{Kind: r.Kind, Spec: string(r.Spec), Source: string(r.Source), Abort: abort}
	for _, c := range r.Above {
		n.Above = append(n.Above, nodeCell{c.Kind, string(c.Spec)})
	}
	return n
}

func shippedScenarios(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "scenarios", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped scenarios (%v)", err)
	}
	return files
}

// native computes a scenario file as render does with the sim engine, and
// returns its notebook and its results.json's entries, each indented as a
// document of its own.
func native(t *testing.T, s *scenarios.Scenario) (report.Notebook, [][]byte) {
	t.Helper()
	rs, err := sim.Run(context.Background(), s.Source, s.SimCells())
	if err != nil {
		t.Fatal(err)
	}
	nb := report.Notebook{Scenario: s, Results: rs}
	var doc bytes.Buffer
	if err := report.JSON(&doc, nb); err != nil {
		t.Fatal(err)
	}
	var cells struct{ Cells []json.RawMessage }
	if err := json.Unmarshal(doc.Bytes(), &cells); err != nil {
		t.Fatal(err)
	}
	entries := make([][]byte, len(cells.Cells))
	for i, raw := range cells.Cells {
		var b bytes.Buffer
		json.Indent(&b, raw, "", "  ")
		entries[i] = append(b.Bytes(), '\n')
	}
	return nb, entries
}

var inputBlock = regexp.MustCompile(`(?s)<details class="input">.*?</details>\n`)

// shipped is one agreement per computation of a shipped scenario: the
// request sends the cell as the page would (its spec with its id, the
// source, the computations above it), and partlab.run must answer with its
// entry of results.json, byte for byte, and its page's body but for the
// input, which the page shows as the file writes it.
func shipped(t *testing.T, file string) []agreement {
	s, err := load.Scenario(file)
	if err != nil {
		t.Fatal(err)
	}
	nb, entries := native(t, s)
	source, err := json.Marshal(map[string]any{"seed": s.Source.Seed, "subscribers": s.Source.Subscribers, "periods": s.Source.Periods})
	if err != nil {
		t.Fatal(err)
	}
	var out []agreement
	var above []scenarios.CellSpec
	i := 0
	for _, c := range s.Cells {
		if c.Sim == nil {
			continue
		}
		spec := specOf(t, c)
		rendered, err := report.RenderCell(nb, i)
		if err != nil {
			t.Fatal(err)
		}
		want, wantHTML := entries[i], inputBlock.ReplaceAllString(string(rendered.HTML), "")
		out = append(out, agreement{
			name: fmt.Sprintf("shipped/%s/%s", s.Name, c.ID),
			req:  Request{Kind: c.Kind, Spec: spec, Source: source, Above: above},
			check: func(t *testing.T, a answer) {
				sameCell(t, a, want)
				if got := inputBlock.ReplaceAllString(a.HTML, ""); got != wantHTML {
					t.Errorf("html differs from the page's body:\n%s", firstDiff(got, wantHTML))
				}
			},
		})
		above = append(above, scenarios.CellSpec{Kind: c.Kind, Spec: spec})
		i++
	}
	return out
}

// specOf is a cell's mapping as JSON, with its id, which a page sends
// because a default id counts the Markdown cells above it.
func specOf(t *testing.T, c scenarios.Cell) []byte {
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(c.Input), &doc); err != nil {
		t.Fatal(err)
	}
	spec, ok := doc[string(c.Kind)].(map[string]any)
	if !ok {
		spec = map[string]any{"items": doc[string(c.Kind)]} // a scoreboard written as a list
	}
	spec["id"] = c.ID
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sameCell(t *testing.T, a answer, want []byte) {
	t.Helper()
	switch {
	case a.Error != "":
		t.Fatalf("partlab.run failed: %s", a.Error)
	case a.JSON != string(want):
		t.Errorf("results differ from results.json:\n%s", firstDiff(a.JSON, string(want)))
	case !a.Same:
		t.Errorf("results is not json parsed")
	case !strings.Contains(a.HTML, a.Narrative):
		t.Errorf("the narrative is not the html's:\n%s", a.Narrative)
	}
}

// firstDiff shows where two texts part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("at byte %d\ngot  …%s\nwant …%s", i, got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
}

// A draw is a request the generator made and the scenarios package
// decoded: a valid one within the test's budget, or an invalid one.
type draw struct {
	name  string
	req   Request
	valid bool
}

// generated is perKind valid draws of every kind from the generator and,
// as the generator meets them, up to two invalid ones of each kind. A
// rebalance's events are drawn field by field, so few are valid and within
// the test's budget (about 1 in 100): the generator is given many tries.
func generated(t *testing.T, perKind int) []draw {
	g, err := specgen.New(20260218)
	if err != nil {
		t.Fatal(err)
	}
	var out []draw
	for _, kind := range scenarios.Kinds() {
		valid, invalid := 0, 0
		for try := 0; valid < perKind && try < 400*perKind; try++ {
			gen, err := g.Request(kind)
			if err != nil {
				t.Fatal(err)
			}
			req := Request(gen)
			s, err := scenarios.ParseCell(Name, req.Source, req.Above, ownCell(req))
			if err == nil && s.CheckBudget(testBudget, false) != nil {
				continue
			}
			name := fmt.Sprintf("generated/%s/%d", kind, try)
			if err != nil {
				if invalid < 2 {
					invalid++
					out = append(out, draw{name, req, false})
				}
				continue
			}
			valid++
			out = append(out, draw{name, req, true})
		}
		t.Logf("%s: %d generated specs computed, %d invalid ones compared", kind, valid, invalid)
		if valid < perKind {
			t.Errorf("%s: the generator made %d valid specs within the test's budget; want %d", kind, valid, perKind)
		}
	}
	return out
}

// agreement is what partlab.run must answer to a draw: a valid one against
// a scenario file of the same source and cells, read from disk and
// rendered; an invalid one with the file's errors.
func (d draw) agreement(t *testing.T) agreement {
	if d.valid {
		return againstFile(t, d.name, d.req)
	}
	return sameError(t, d.name, d.req)
}

// ownCell is a request's own cell.
func ownCell(r Request) scenarios.CellSpec { return scenarios.CellSpec{Kind: r.Kind, Spec: r.Spec} }

// writeFile writes a request as a scenario file: its source and cells, each
// on one line, as JSON is YAML.
func writeFile(t *testing.T, r Request) string {
	var b strings.Builder
	b.WriteString("title: cell\n")
	if len(r.Source) > 0 {
		fmt.Fprintf(&b, "source: %s\n", r.Source)
	}
	b.WriteString("cells:\n")
	for _, c := range slices.Concat(r.Above, []scenarios.CellSpec{ownCell(r)}) {
		fmt.Fprintf(&b, "  - %s: %s\n", c.Kind, c.Spec)
	}
	name := filepath.Join(t.TempDir(), "cell.yaml")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// againstFile: partlab.run answers with the last entry of the file's
// results.json, and with the cell's body exactly as the file's page holds
// it.
func againstFile(t *testing.T, name string, r Request) agreement {
	s, err := load.Scenario(writeFile(t, r))
	if err != nil {
		t.Fatalf("%s: the file of a valid request: %v", name, err)
	}
	nb, entries := native(t, s)
	cell, err := report.RenderCell(nb, len(entries)-1)
	if err != nil {
		// The view refuses what it makes of the cell (such as a paragraph
		// over the Markdown's bounds): so must partlab.run.
		_, runErr := Run(context.Background(), r)
		if runErr == nil {
			t.Fatalf("%s: the cell's view fails (%v) and Run does not", name, err)
		}
		t.Logf("%s: the view and Run fail: %v", name, runErr)
		return agreement{name: name, req: r, check: func(t *testing.T, a answer) {
			if a.Error != runErr.Error() {
				t.Errorf("got error %q, want %q", a.Error, runErr)
			}
		}}
	}
	// A cell above may be what the page refuses.
	page, pageErr := report.RenderPage(nb, report.Options{})
	want := entries[len(entries)-1]
	return agreement{name: name, req: r, check: func(t *testing.T, a answer) {
		sameCell(t, a, want)
		if a.HTML != string(cell.HTML) {
			t.Errorf("the html is not the file's cell's:\n%s", firstDiff(a.HTML, string(cell.HTML)))
		}
		if pageErr == nil && !bytes.Contains(page.HTML, []byte(a.HTML)) {
			t.Errorf("the html is not the page's body of the cell:\n%s", a.HTML)
		}
	}}
}

// sameError: partlab.run fails as Run does natively, and every message is
// one the scenario file of the same cells gets (at its own lines and
// paths).
func sameError(t *testing.T, name string, r Request) agreement {
	_, err := Run(context.Background(), r)
	_, fileErr := load.Scenario(writeFile(t, r))
	if err == nil || fileErr == nil {
		t.Fatalf("%s: an invalid request gives %v, its file %v", name, err, fileErr)
	}
	if got, want := messages(err), messages(fileErr); got != want {
		t.Errorf("%s: the request's messages\n%s\nare not its file's\n%s", name, got, want)
	}
	return agreement{name: name, req: r, check: func(t *testing.T, a answer) {
		if a.Error != err.Error() {
			t.Errorf("got error %q, want %q", a.Error, err)
		}
	}}
}

// messages are an error list's messages without their places, sorted.
func messages(err error) string {
	var list scenarios.ErrorList
	if !errors.As(err, &list) {
		return err.Error()
	}
	var msgs []string
	for _, e := range list {
		msgs = append(msgs, e.Msg)
	}
	slices.Sort(msgs)
	return strings.Join(msgs, "\n")
}

// refusals: a spec over the command line's budget is refused with its
// message; a Kafka engine is refused; more cells above than a file holds,
// and a spec object 5,000 deep, are refused; a run that panics (on an
// above entry that is not an object) rejects with the panic; an aborted
// run rejects with an AbortError; after each, the module computes the next
// one.
func refusals(t *testing.T) []agreement {
	over := Request{Kind: sim.KindGrid, Source: []byte(`{"subscribers": 1000000}`),
		Spec: []byte(`{"keys": [subscriber, record, period, none], "partitions": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]}`)}
	s, err := load.Scenario(writeFile(t, over))
	if err != nil {
		t.Fatal(err)
	}
	fileBudget := s.CheckBudget(sim.DefaultBudget(), false)
	if fileBudget == nil {
		t.Fatal("the spec over the budget is within it")
	}
	long := Request{Kind: sim.KindGrid, Source: []byte(`{"subscribers": 300000}`),
		Spec: []byte(`{"keys": [subscriber, record], "partitions": [1, 2, 3, 4, 5, 6, 7, 8], "consumers": [1, 2, 3, 4]}`)}
	small := Request{Kind: sim.KindSizing, Spec: []byte(`{"target": 1000, "per_consumer": 100}`)}
	wantSmall, err := Run(context.Background(), small)
	if err != nil {
		t.Fatal(err)
	}
	return []agreement{
		{name: "refused/budget", req: over, check: func(t *testing.T, a answer) {
			if want := messages(fileBudget); a.Error == "" || !strings.HasSuffix(a.Error, want) {
				t.Errorf("got error %q, want one ending %q", a.Error, want)
			}
		}},
		{name: "refused/kafka", req: Request{Kind: sim.KindGrid, Spec: []byte(`{"keys": [record], "partitions": [2], "engine": kafka}`)},
			check: func(t *testing.T, a answer) {
				if want := `cell:1:49: grid.engine: a page computes with the sim engine only (got "kafka")`; !strings.HasPrefix(a.Error, want) {
					t.Errorf("got error %q, want %q…", a.Error, want)
				}
			}},
		{name: "refused/above", req: Request{Kind: small.Kind, Spec: small.Spec,
			Above: slices.Repeat([]scenarios.CellSpec{{Kind: sim.KindGrid, Spec: []byte(`{"keys": [record], "partitions": [2]}`)}}, scenarios.MaxAbove+1)},
			check: func(t *testing.T, a answer) {
				if want := "cell:1:1: above: has 64 entries; at most 63 are allowed"; a.Error != want {
					t.Errorf("got %+v, want error %q", a, want)
				}
			}},
		{name: "refused/deep", req: small, page: func(r *nodeRequest) { r.Deep = 5000 }, check: func(t *testing.T, a answer) {
			if want := "partlab.run: spec nests deeper than 64 levels"; a.Error != want {
				t.Errorf("got %+v, want error %q", a, want)
			}
		}},
		{name: "after a deep spec", req: small, check: func(t *testing.T, a answer) { sameCell(t, a, wantSmall.JSON) }},
		{name: "panicked", req: small, page: func(r *nodeRequest) { r.Odd = []int{5} }, check: func(t *testing.T, a answer) {
			if want := "partlab.run: internal error: "; !strings.HasPrefix(a.Error, want) {
				t.Errorf("got %+v, want an error starting %q", a, want)
			}
		}},
		{name: "after a panic", req: small, check: func(t *testing.T, a answer) { sameCell(t, a, wantSmall.JSON) }},
		{name: "aborted", req: long, abort: 50, check: func(t *testing.T, a answer) {
			if a.Name != "AbortError" {
				t.Errorf("got %+v, want an AbortError", a)
			}
		}},
		{name: "after an abort", req: small, check: func(t *testing.T, a answer) { sameCell(t, a, wantSmall.JSON) }},
	}
}
