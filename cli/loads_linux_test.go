//go:build linux

package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"
)

// TestRosterLoadsEachVariantOnce counts, by inotify, the opens of the
// scenario file while a roster of n students is planned and computed: n+1,
// the file once for its variants and each variant once, costed and then
// computed from that one load.
func TestRosterLoadsEachVariantOnce(t *testing.T) {
	src, err := os.ReadFile(variantsYAML)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 3} {
		dir := class(t, n, secretA)
		file := filepath.Join(dir, "day-24.yaml")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
		if err != nil {
			t.Skipf("no inotify: %v", err)
		}
		defer syscall.Close(fd)
		// With the closes watched too no two events in a row are alike,
		// which inotify would merge into one.
		if _, err := syscall.InotifyAddWatch(fd, file, syscall.IN_OPEN|syscall.IN_CLOSE_NOWRITE); err != nil {
			t.Fatal(err)
		}
		flags := addComputeFlags(flag.NewFlagSet("test", flag.ContinueOnError))
		plans, err := computeVariants(context.Background(), []string{file}, flags, &rosterFlags{roster: "roster.csv", secretFile: "secret.txt"}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(plans[0]); got != n {
			t.Fatalf("%d variants of %d students", got, n)
		}
		if got := opens(t, fd); got != n+1 {
			t.Errorf("%d students: the scenario file was opened %d times, want %d", n, got, n+1)
		}
	}
}

// opens counts the open events waiting on the inotify descriptor fd.
func opens(t *testing.T, fd int) int {
	t.Helper()
	buf := make([]byte, 64<<10)
	count := 0
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EAGAIN {
			return count
		}
		if err != nil {
			t.Fatal(err)
		}
		for off := 0; off < n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
			off += syscall.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&syscall.IN_OPEN != 0 {
				count++
			}
		}
	}
}
