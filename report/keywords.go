package report

import (
	"strings"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

// The narrative names a key as a reader says it: "the subscriber key", and
// for the none key, which is no key at all, "records without a key".

// keyFuncs are the narrative's words for keys.
var keyFuncs = map[string]any{
	"key":      keySubject,
	"Key":      func(k sim.Key) string { return capitalize(keySubject(k)) },
	"keyShort": keyShort,
	"under":    underKeys,
	"underKey": func(k sim.Key) string { return underKeys([]sim.Key{k}) },
	"figure":   figureWords,
}

// figureWords names a row's figure, given by its JSON name (sim.GridRow.Differ
// lists them so), in words: "max_load" is "most loaded consumer's records".
func figureWords(name string) string {
	switch name {
	case "max_load":
		return "most loaded consumer's records"
	case "min_load":
		return "least loaded consumer's records"
	case "loads":
		return "consumers' loads"
	case "sizes":
		return "partition sizes"
	case "split":
		return "split subscribers"
	case "idle":
		return "idle consumers"
	case "rows":
		return "consumption rows"
	}
	return strings.ReplaceAll(name, "_", " ")
}

// keySubject is a key as the subject or object of a sentence, taking a
// singular verb: "the record key splits", "sending records without a key
// splits".
func keySubject(k sim.Key) string {
	if k == sim.KeyNone {
		return "sending records without a key"
	}
	return "the " + string(k) + " key"
}

// keyShort is a key as a label: "subscriber", and "no" for the none key,
// so that "3.00 (no key)" and "(no key, 4 partitions)" read.
func keyShort(k sim.Key) string {
	if k == sim.KeyNone {
		return "no"
	}
	return string(k)
}

// underKeys says under which keys a figure holds: "under the subscriber
// key", "under the subscriber and record keys", "without a key", "under
// the period key and without a key".
func underKeys(keys []sim.Key) string {
	var named []string
	none := false
	for _, k := range keys {
		if k == sim.KeyNone {
			none = true
		} else {
			named = append(named, string(k))
		}
	}
	var s string
	switch len(named) {
	case 0:
	case 1:
		s = "under the " + named[0] + " key"
	default:
		s, _ = format.List(named)
		s = "under the " + s + " keys"
	}
	switch {
	case none && s != "":
		return s + " and without a key"
	case none:
		return "without a key"
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
