package publish

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// renameat2 is the renameat2(2) system call's number on each architecture
// (Linux's syscall tables); the syscall package names it on only a few.
var renameat2 = map[string]uintptr{
	"386": 353, "amd64": 316, "arm": 382, "arm64": 276, "loong64": 276,
	"mips64": 5311, "mips64le": 5311, "ppc64": 357, "ppc64le": 357,
	"riscv64": 276, "s390x": 347,
}

const (
	atFDCWD        = -0x64 // AT_FDCWD: paths relative to the working directory
	renameExchange = 1 << 1
)

// exchange swaps the directories a and b in one step with
// renameat2(RENAME_EXCHANGE): a reader sees one or the other, never neither.
// Where the kernel or the file system cannot, the error is
// errors.ErrUnsupported.
func exchange(a, b string) error {
	nr, ok := renameat2[runtime.GOARCH]
	if !ok {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: errors.ErrUnsupported}
	}
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	cwd := atFDCWD
	_, _, errno := syscall.Syscall6(nr, uintptr(cwd), uintptr(unsafe.Pointer(pa)), uintptr(cwd), uintptr(unsafe.Pointer(pb)), renameExchange, 0)
	switch errno {
	case 0:
		return nil
	case syscall.EINVAL: // a file system without RENAME_EXCHANGE
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: fmt.Errorf("%w: %w", errors.ErrUnsupported, errno)}
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: errno} // ENOSYS and EOPNOTSUPP are errors.ErrUnsupported
}
