package roster

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"strconv"
)

// Domains keep the secret's uses apart: the values of a variant and its
// token are HMACs of the same student and scenario under different labels,
// so neither tells anything of the other.
const (
	variantDomain = "partlab variant v1"
	tokenDomain   = "partlab token v1"
	pickDomain    = "partlab pick v1"
)

// TokenBytes is the length of a token before encoding: 128 bits, 26
// characters of base32.
const TokenBytes = 16

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// mac is HMAC-SHA256 under the secret of the domain and the parts, each
// prefixed by its length, so that no two lists of parts run together
// (student "a1" of scenario "b" is not student "a" of scenario "1b").
func (s Secret) mac(domain string, parts ...string) []byte {
	h := hmac.New(sha256.New, s)
	for _, p := range append([]string{domain}, parts...) {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(p))))
		h.Write([]byte(p))
	}
	return h.Sum(nil)
}

// Token is the opaque name of a student's page of a scenario: 128 bits of
// an HMAC of the student's id and the scenario's name, in lowercase
// base32. Without the secret it says nothing of the student; with it, the
// teacher's folder maps it back.
func (s Secret) Token(id, scenario string) string {
	return tokenEncoding.EncodeToString(s.mac(tokenDomain, id, scenario)[:TokenBytes])
}

// Pick chooses a student's value of each varying path of a scenario: a key
// derived from the secret, the id and the scenario's name, then, for each
// path, a number below choices from an HMAC of the path under that key.
// The choice of one path does not depend on the other paths, so adding a
// path to vary keeps the others' values.
//
// The number is an HMAC's first 8 bytes modulo choices, drawn again (with
// a counter) while it falls in the short last stretch of 2^64 that would
// favour the low numbers, so that every choice is equally likely.
func (s Secret) Pick(id, scenario string) func(path string, choices uint64) uint64 {
	key := Secret(s.mac(variantDomain, id, scenario))
	return func(path string, choices uint64) uint64 {
		short := -choices % choices // 2^64 mod choices
		for draw := 0; ; draw++ {
			x := binary.BigEndian.Uint64(key.mac(pickDomain, path, strconv.Itoa(draw)))
			if x >= short {
				return x % choices
			}
		}
	}
}
