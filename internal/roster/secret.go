package roster

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/partlab/partlab/internal/readfile"
)

// SecretEnv names the environment variable that holds the course's secret
// when no --secret-file is given.
const SecretEnv = "PARTLAB_SECRET"

// MinSecret is the shortest secret taken, in bytes: 16 random bytes are
// 128 bits, too many to guess.
const MinSecret = 16

// maxSecret bounds a secret file: a line, not a document.
const maxSecret = 4096

// newSecret is how the errors say to make a secret.
const newSecret = "make one with: head -c 32 /dev/urandom | base64 > secret.txt (keep it out of the course repository)"

// A Secret is the course's secret: whoever holds it can compute every
// student's variant and token, so it lives with the teacher, never in a
// scenario or the site.
type Secret []byte

// LoadSecret reads the secret from file when it is named, else from env
// (the value of SecretEnv), trimmed of the spaces and newline around it. A
// missing or short secret is refused, with how to make one.
func LoadSecret(file, env string) (Secret, error) {
	from, secret := "$"+SecretEnv, []byte(env)
	if file != "" {
		data, err := readfile.Read(file, "", maxSecret)
		if err != nil {
			return nil, fmt.Errorf("--secret-file: %w", err)
		}
		from, secret = file, data
	}
	secret = bytes.TrimSpace(secret)
	switch {
	case file == "" && len(secret) == 0:
		return nil, errors.New("no secret: a roster needs the course's secret, from --secret-file FILE or $" + SecretEnv + "; " + newSecret)
	case len(secret) < MinSecret:
		return nil, fmt.Errorf("%s: the secret is %d bytes; want at least %d, or anyone could guess it; %s", from, len(secret), MinSecret, newSecret)
	}
	return Secret(secret), nil
}
