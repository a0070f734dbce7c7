//go:build ignore

// Build makes the engine in the page that partlab embeds and publishes
// under a site's assets/: partlab.wasm.gz, the module (GOOS=js GOARCH=wasm
// go build -trimpath -buildvcs=false -ldflags='-s -w -buildid=' ./wasm: no
// commit, dirty flag or build ID in it, so that neither a commit nor
// this very file changes it) gzipped at level 9 with no
// name and no time, and wasm_exec.js, Go's own, copied from the toolchain
// with Go's licence in its header. `go generate ./templates` runs it;
// templates' TestWasmBuild runs it into a temporary directory and compares
// the bytes, so the same toolchain makes the same files.
//
// Usage: go run build.go [OUTDIR]
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	out := "."
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	if err := build(out); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func build(out string) error {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	// wasm_exec.js first: package templates, which the module links,
	// embeds it.
	script, err := wasmExec(goroot)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "wasm_exec.js"), script, 0o644); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "partlab-wasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	module := filepath.Join(tmp, "partlab.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", module, "../../wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build ./wasm: %w", err)
	}
	raw, err := os.ReadFile(module)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "partlab.wasm.gz"), gz.Bytes(), 0o644)
}

// wasmExec is the toolchain's wasm_exec.js with, above it, Go's licence,
// which its own header names but does not hold.
func wasmExec(goroot string) ([]byte, error) {
	licence, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		return nil, err
	}
	script, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("// Go's wasm_exec.js, copied from the toolchain by templates/wasm/build.go, under Go's licence:\n//\n")
	for _, line := range strings.Split(strings.TrimRight(string(licence), "\n"), "\n") {
		b.WriteString(strings.TrimRight("// "+line, " ") + "\n")
	}
	b.WriteString("\n")
	b.Write(script)
	return b.Bytes(), nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
