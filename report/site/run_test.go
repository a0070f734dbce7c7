package site

import (
	"bytes"
	"encoding/base64"
	"testing"

	"github.com/partlab/partlab/templates"
)

// TestRunFiles checks the engine's files a site publishes: the embedded
// module and loader as they are, and the script that hands the same module
// to a page opened from file:// as base64.
func TestRunFiles(t *testing.T) {
	got, err := Site{Notebooks: []Notebook{lesson(t)}}.Render()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got[wasmPath], templates.Wasm) {
		t.Errorf("%s is not the embedded module (%d bytes, want %d)", wasmPath, len(got[wasmPath]), len(templates.Wasm))
	}
	if !bytes.Equal(got[wasmRunPath], templates.WasmRun()) {
		t.Errorf("%s is not the embedded loader", wasmRunPath)
	}
	b64, opened := bytes.CutPrefix(got[wasmScriptPath], []byte(`partlabWasm("`))
	b64, closed := bytes.CutSuffix(b64, []byte("\");\n"))
	if !opened || !closed {
		t.Fatalf("%s is not partlabWasm(\"…\");", wasmScriptPath)
	}
	module, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		t.Fatalf("%s: %v", wasmScriptPath, err)
	}
	if !bytes.Equal(module, templates.Wasm) {
		t.Errorf("%s does not carry the embedded module", wasmScriptPath)
	}
}
