package report

import "strings"

// conclusionWords say what a flipped conclusion of results.json means, by
// its name without the @ member: the words for true, then for false. diff
// prints them; TestConclusionWords finds a conclusion without them.
var conclusionWords = map[string][2]string{
	"some_key_keeps_every_row":      {"a key now keeps every row at every partition count", "no key keeps every row at every partition count any more"},
	"every_key_keeps_every_row":     {"every key now keeps every row", "not every key keeps every row any more"},
	"served_misleads":               {"the served number now misleads: a larger loss moves it less", "the served number no longer misleads"},
	"balanced_is_correct":           {"the most balanced key is now the most correct", "the most balanced key is no longer the most correct"},
	"exact":                         {"every consumer count up to P now reaches its ideal speedup", "a consumer count up to P no longer reaches its ideal speedup"},
	"flat_past_p":                   {"the speedup is now flat past the partition count", "the speedup is no longer flat past the partition count"},
	"measured_close":                {"the real run is now within 10% of the model", "the real run is no longer within 10% of the model"},
	"fixed":                         {"the hot key now has one fixed partition", "the hot key no longer has one fixed partition"},
	"crowd":                         {"the keys now reach every partition and the hot key has one home", "the keys no longer reach every partition with the hot key in one home"},
	"per_key_yes_globally_no":       {"the run now shows per-key order without global order", "the run no longer shows per-key order without global order"},
	"every_group_gets_every_record": {"every group now receives every record", "not every group receives every record any more"},
	"queue_and_pubsub":              {"the groups now show queue within a group and pub/sub across groups", "the groups no longer show both queue and pub/sub"},
	"one_owner":                     {"every partition now has exactly one owner", "not every partition has exactly one owner any more"},
	"full":                          {"a group now has a useful consumer per partition", "no group has a useful consumer per partition any more"},
}

// ConclusionWords says what it means that the conclusion name (such as
// "balanced_is_correct@4") became holds; "" for a name it does not know.
func ConclusionWords(name string, holds bool) string {
	base, member, ok := strings.Cut(name, "@")
	words, known := conclusionWords[base]
	if !known {
		return ""
	}
	w := words[1]
	if holds {
		w = words[0]
	}
	if ok {
		w += " (at " + member + ")"
	}
	return w
}
