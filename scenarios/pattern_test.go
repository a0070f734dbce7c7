package scenarios

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"user-{0..3}", "user-0 user-1 user-2 user-3"},
		{"{8..10}-x", "8-x 9-x 10-x"},
		{"{-1..1}", "-1 0 1"},
		{"constant", "constant"},
		{"{9223372036854775806..9223372036854775807}", "9223372036854775806 9223372036854775807"},
		{"{-9223372036854775808..-9223372036854775807}", "-9223372036854775808 -9223372036854775807"},
		{"ü{0..1}ß", "ü0ß ü1ß"},
	} {
		keys, err := expand(tc.in)
		if err != nil || strings.Join(keys, " ") != tc.want {
			t.Errorf("expand(%q) = %v, %v; want %s", tc.in, keys, err, tc.want)
		}
	}
}

// Every hostile pattern ends with an error, fast and without allocating
// what it asks for: before the bounds, each of these panicked, grew memory
// until killed, or was taken silently as one literal key.
func TestExpandRejects(t *testing.T) {
	prefix := strings.Repeat("p", 10_000)
	for _, tc := range []struct{ name, in, want string }{
		{"past int64 by one", "k-{-1..9223372036854775807}", `pattern "k-{-1..9223372036854775807}" makes 9223372036854775809 keys; at most 1000000 are allowed`},
		{"all of int64", "{-9223372036854775808..9223372036854775807}", "makes 18446744073709551616 keys; at most 1000000 are allowed"},
		{"bound past int64", "{0..9223372036854775808}", "range bounds are too large; each must be between -9223372036854775808 and 9223372036854775807"},
		{"one key too many", "{0..1000000}", "makes 1000001 keys; at most 1000000 are allowed"},
		{"10 KB prefix", prefix + "{0..999999}", `pattern "` + prefix[:64] + `"… makes more than 16777216 bytes of keys; at most 16777216 are allowed`},
		{"dash for dots", "order-{0-999}", `pattern "order-{0-999}": "{0-999}" at character 7 is not a range; a range is written {a..b} with whole numbers a ≤ b, such as user-{0..239}`},
		{"unclosed", "order-{0..9", `pattern "order-{0..9": the '{' at character 7 is not closed; a range is written {a..b}`},
		{"stray close", "order-9}", `pattern "order-9}": the '}' at character 8 closes no '{'; a range is written {a..b}`},
		{"close after a range", "ü{0..9}}", `the '}' at character 8 closes no '{'`},
		{"empty braces", "k{}", `"{}" at character 2 is not a range`},
		{"letters", "k{a..z}", `"{a..z}" at character 2 is not a range`},
		{"one bound", "k{1..}", `"{1..}" at character 2 is not a range`},
		{"plus sign", "k{+1..2}", `"{+1..2}" at character 2 is not a range`},
		{"three dots", "k{1...2}", `"{1...2}" at character 2 is not a range`},
		{"nested", "k{{0..1}}", `"{{0..1}" at character 2 is not a range`},
		{"two ranges", "u{0..2}-{0..2}", `pattern "u{0..2}-{0..2}" has 2 ranges; one {a..b} is allowed`},
		{"a bad second range", "u{0..2}-{x}", `"{x}" at character 9 is not a range`},
		{"empty", "k{3..2}", `pattern "k{3..2}" makes no keys: 3..2 is empty`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			keys, err := expand(tc.in)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("expand = %d keys, %v; want an error containing %s", len(keys), err, tc.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("allocated %d bytes before failing", n)
			}
		})
	}
}

// The byte bound is exact: 8 keys of 2,097,152 bytes are 16 MiB and pass,
// one byte more each does not.
func TestExpandByteBound(t *testing.T) {
	at := strings.Repeat("p", maxKeyBytes/8-1) + "{0..7}"
	if keys, err := expand(at); err != nil || len(keys) != 8 || keys[7] != at[:maxKeyBytes/8-1]+"7" {
		t.Errorf("at the bound: %d keys, %v", len(keys), err)
	}
	if _, err := expand("p" + at); err == nil {
		t.Error("one byte per key past the bound: no error")
	}
	if _, err := expand(strings.Repeat("p", maxKeyBytes+1)); err == nil {
		t.Error("a literal key past the bound: no error")
	}
}

// A bad pattern's error stands at the keys field, with the valid form.
func TestBadPatternPosition(t *testing.T) {
	src := "title: t\ncells:\n  - spread: {keys: 'order-{0-999}', partitions: 8}\n"
	_, err := Parse(strings.NewReader(src), "x.yaml")
	want := `x.yaml:3:20: cells[0].spread.keys: pattern "order-{0-999}": "{0-999}" at character 7 is not a range; a range is written {a..b} with whole numbers a ≤ b, such as user-{0..239}`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error:\n%v\nwant it to contain:\n%s", err, want)
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"user-{0..239}", "{-1..1}", "k", "", "k-{-1..9223372036854775807}",
		"{-9223372036854775808..9223372036854775807}", strings.Repeat("p", 10_000) + "{0..999999}",
		"order-{0-999}", "order-{0..9", "}{", "u{0..2}-{0..2}", "{9223372036854775800..9223372036854775807}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		keys, err := expand(pattern)
		if err != nil {
			return
		}
		size := 0
		for _, k := range keys {
			size += len(k)
		}
		if len(keys) < 1 || len(keys) > maxKeys || size > maxKeyBytes {
			t.Fatalf("%d keys of %d bytes", len(keys), size)
		}
		open, end := strings.IndexByte(pattern, '{'), strings.LastIndexByte(pattern, '}')
		if open < 0 && end < 0 {
			if len(keys) != 1 || keys[0] != pattern {
				t.Fatalf("a pattern without braces made %q", keys)
			}
			return
		}
		prefix, suffix := pattern[:open], pattern[end+1:]
		a, b, _ := strings.Cut(pattern[open+1:end], "..")
		want, err1 := strconv.ParseInt(a, 10, 64)
		hi, err2 := strconv.ParseInt(b, 10, 64)
		if err1 != nil || err2 != nil || strings.ContainsAny(prefix+suffix, "{}") {
			t.Fatalf("accepted %q", pattern)
		}
		for _, k := range keys {
			n, ok := strings.CutPrefix(k, prefix)
			if n, ok2 := strings.CutSuffix(n, suffix); ok && ok2 && n == strconv.FormatInt(want, 10) {
				want++
				continue
			}
			t.Fatalf("key %q of %q, want %s%d%s", k, pattern, prefix, want, suffix)
		}
		if want-1 != hi {
			t.Fatalf("%q ended its keys at %d", pattern, want-1)
		}
	})
}

// A pattern's size, by arithmetic, is its keys' bytes added up, across
// the bands of digits, below zero and at both ends of int64.
func TestPatternSize(t *testing.T) {
	for _, tc := range []string{
		"user-{0..239}", "k", "{0..0}", "{9..10}", "{-10..-9}", "{-1000..1000}", "ü{99999..1099998}x",
		"{-9223372036854775808..-9223372036854675809}", "{9223372036854675807..9223372036854775807}",
		"{999999999999999000..1000000000000000999}", "{-500000..499999}",
	} {
		t.Run(tc, func(t *testing.T) {
			p, err := parsePattern(tc)
			if err != nil {
				t.Fatal(err)
			}
			size := 0
			keys := p.keys()
			for _, k := range keys {
				size += len(k)
			}
			if p.size() != int64(size) || p.count() != int64(len(keys)) {
				t.Errorf("size %d, count %d; the keys are %d bytes, %d of them", p.size(), p.count(), size, len(keys))
			}
		})
	}
}

// A pattern of a million keys is measured without making them.
func TestPatternMeasuredUnexpanded(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := parsePattern("abcdefg00-{0..999999}")
	runtime.ReadMemStats(&after)
	if err != nil || p.count() != 1_000_000 || p.size() != 10*1_000_000+5_888_890 {
		t.Errorf("count %d, size %d, %v", p.count(), p.size(), err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<10 {
		t.Errorf("measuring allocated %d bytes", n)
	}
}

// A file of many spread cells of a million keys each (issue 27: 64 of
// them validated at 3.0 GB) is refused at the cell whose pattern takes the
// file's patterns past their bound, with at most one pattern expanded.
func TestPatternsOfAFile(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells int
	}{
		{"48 cells", 48},
		{"64 cells", 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var src strings.Builder
			src.WriteString("title: t\ncells:\n")
			for i := range tc.cells {
				fmt.Fprintf(&src, "  - spread: {id: s%02d, keys: \"abcdefg%02d-{0..999999}\", partitions: 8}\n", i, i)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Parse(strings.NewReader(src.String()), "x.yaml")
			runtime.ReadMemStats(&after)
			want := "x.yaml:4:29: cells[1].spread.keys: with the patterns before it, this file's key patterns make 2000000 keys; at most 1000000 are allowed in all"
			if err == nil || !strings.Contains(err.Error(), want) || strings.Count(err.Error(), "key patterns make") != 1 {
				t.Errorf("error:\n%v\nwant it to contain, once:\n%s", err, want)
			}
			// One pattern's keys: a million strings of 16 bytes and 15.9 MB.
			if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
				t.Errorf("parsing allocated %d bytes, more than one pattern's keys", n)
			}
		})
	}
}
