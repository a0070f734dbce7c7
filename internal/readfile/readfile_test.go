//go:build unix

package readfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "folder")
	outside := filepath.Join(dir, "secret")
	os.Mkdir(folder, 0o755)
	os.Mkdir(filepath.Join(folder, "sub"), 0o755)
	os.WriteFile(outside, []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(folder, "a.txt"), []byte("four"), 0o644)
	os.Symlink("a.txt", filepath.Join(folder, "inside"))
	os.Symlink(outside, filepath.Join(folder, "out"))
	os.Symlink("../../secret", filepath.Join(folder, "sub", "up"))
	os.Symlink("/dev/zero", filepath.Join(folder, "zero"))
	os.Symlink("/proc/self/environ", filepath.Join(folder, "environ"))
	syscall.Mkfifo(filepath.Join(folder, "fifo"), 0o644)
	tests := []struct {
		name, within string
		limit        int64
		want         string // the data, or the error after the name
		is           error
	}{
		{"a.txt", folder, 4, "four", nil},
		{"inside", folder, 4, "four", nil},
		{"a.txt", folder, 3, "is larger than its limit of 3 bytes", ErrTooLarge},
		{"out", folder, 100, "is a symbolic link out of " + folder, ErrOutside},
		{"sub/up", folder, 100, "is a symbolic link out of " + folder, ErrOutside},
		{"out", "", 100, "secret", nil}, // no folder: a link anywhere
		{"zero", "", 1 << 20, "is a device, not a regular file", ErrNotRegular},
		{"fifo", folder, 100, "is a named pipe (FIFO), not a regular file", ErrNotRegular},
		{"sub", folder, 100, "is a folder, not a regular file", ErrNotRegular},
		// stat says 0 bytes; the environment of a test holds more than one.
		{"environ", "", 1, "is larger than its limit of 1 bytes", ErrTooLarge},
		{"missing", folder, 100, "does not exist", fs.ErrNotExist},
		{"missing", "", 100, "does not exist", fs.ErrNotExist},
	}
	for _, tt := range tests {
		name := filepath.Join(folder, tt.name)
		data, err := Read(name, tt.within, tt.limit)
		switch {
		case tt.is == nil:
			if err != nil || string(data) != tt.want {
				t.Errorf("Read(%s, %q) = %q, %v; want %q", tt.name, tt.within, data, err, tt.want)
			}
		default:
			if err == nil || err.Error() != name+" "+tt.want || !errors.Is(err, tt.is) {
				t.Errorf("Read(%s, %q) = %v; want %s %s", tt.name, tt.within, err, name, tt.want)
			}
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 64 << 10: "64 KiB", 1000: "1000 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestReadNoWindow swaps the file, or a folder on its way, for a link out
// of the folder between the check and the open: the open through the
// folder's os.Root refuses it, where a plain open of the checked path
// would read the secret.
func TestReadNoWindow(t *testing.T) {
	tests := []struct {
		name string
		path string // the file read, in the folder
		swap string // what becomes a link to the secret's folder or file
		to   string
	}{
		{"the file", "a.txt", "a.txt", "secret"},
		{"a folder on the way", "sub/a.txt", "sub", "."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			folder := filepath.Join(dir, "folder")
			os.MkdirAll(filepath.Join(folder, "sub"), 0o755)
			os.WriteFile(filepath.Join(dir, "secret"), []byte("secret"), 0o644)
			os.WriteFile(filepath.Join(dir, "a.txt"), []byte("secret"), 0o644)
			os.WriteFile(filepath.Join(folder, "a.txt"), []byte("four"), 0o644)
			os.WriteFile(filepath.Join(folder, "sub", "a.txt"), []byte("four"), 0o644)
			name := filepath.Join(folder, tt.path)
			rel, err := locate(name, folder)
			if err != nil {
				t.Fatalf("locate before the swap: %v", err)
			}
			swapped := filepath.Join(folder, tt.swap)
			if err := os.RemoveAll(swapped); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, tt.to), swapped); err != nil {
				t.Fatal(err)
			}
			if data, err := os.ReadFile(filepath.Join(folder, rel)); err != nil || string(data) != "secret" {
				t.Fatalf("a plain open of the checked path reads %q, %v: the swap did not lead out", data, err)
			}
			f, err := openIn(name, folder, rel)
			if err == nil {
				f.Close()
				t.Fatal("the open through the folder's root followed the link out")
			}
			if !errors.Is(err, ErrOutside) || err.Error() != name+" is a symbolic link out of "+folder {
				t.Errorf("err = %v, want %s is a symbolic link out of %s (ErrOutside)", err, name, folder)
			}
		})
	}
}
