// Package testtool holds what the tests of several packages share about the
// tools they run beside Go (Chromium, node, npm's packages): it is for
// tests only, and holds no tool of its own.
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
