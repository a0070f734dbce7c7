// Package testtool holds what the tests of several packages share about the
// tools they run beside Go (Chromium, node, npm's packages, a Kafka cluster,
// child processes) and about -short mode, the loop to use while working:
// it is for tests only, and holds no tool of its own.
package testtool

import (
	"os"
	"testing"
)

// Need skips a test whose tool is missing, with a message saying how to get
// it (what), except in CI (CI=true), where a missing tool fails the test.
func Need(t testing.TB, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s: %v", what, err)
	}
	t.Skipf("skipping: %s: %v", what, err)
}

// Slow skips a test in -short mode, saying why it is slow: one that starts
// Chromium, Node or a Kafka cluster (kfake), builds or runs a binary, or
// otherwise takes seconds. It is the one place that decides what -short
// leaves out, so that go test -short ./... takes seconds.
func Slow(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("skipping in -short mode: %s", why)
	}
}

// Cases is how many drawn cases a test runs: full, or short in -short
// mode. A test that draws its cases (seeds, generated specs) checks the
// same things on fewer of them.
func Cases(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
