package cli

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// printable escapes what a terminal would obey rather than show: control
// characters (C0 but newline and tab, DEL, C1) and bytes that are not UTF-8.
// Messages quote scenario text, and a title or key holding ESC could
// otherwise rewrite the screen of whoever reads the error.
func printable(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r <= 0x9f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}
