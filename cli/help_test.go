package cli

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
)

// Every command of the table is whole: a name of its own, a usage line that
// names each of its own flags and each shared group it takes, a summary on
// one line of the overview, and its long help.
func TestCommandTable(t *testing.T) {
	names := map[string]bool{}
	groups := flagGroups()
	for _, c := range commands() {
		t.Run(c.name(), func(t *testing.T) {
			if names[c.Name] {
				t.Errorf("two commands named %q", c.Name)
			}
			names[c.Name] = true
			if !strings.HasPrefix(c.UsageLine, strings.TrimSpace("partlab "+c.Name)) || c.Short == "" || c.Long == "" {
				t.Errorf("usage %q, short %q, long %d bytes: want all three", c.UsageLine, c.Short, len(c.Long))
			}
			if n := len("      " + c.Short); n > width || strings.Contains(c.Short, "\n") {
				t.Errorf("the summary takes %d columns, more than the overview's %d", n, width)
			}
			fs := flag.NewFlagSet(c.name(), flag.ContinueOnError)
			c.Flags(fs)
			fs.VisitAll(func(f *flag.Flag) {
				for _, g := range groups {
					if g.has(f.Name) {
						if !strings.Contains(c.UsageLine, "["+g.name+"]") {
							t.Errorf("the usage line lacks [%s], which has %s", g.name, flagSynopsis(f))
						}
						return
					}
				}
				// A flag the command requires stands without brackets.
				if !strings.Contains(c.UsageLine, "["+flagSynopsis(f)) && !strings.Contains(c.UsageLine, " "+flagSynopsis(f)+" ") {
					t.Errorf("the usage line lacks [%s", flagSynopsis(f))
				}
			})
		})
	}
}

// partlab help lists every command; help CMD, CMD -h and a usage error of
// CMD print from the same entry of the table.
func TestHelp(t *testing.T) {
	overviewText, _, err := partlab(t, "help")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-h"}, {"--help"}} {
		if out, _, err := partlab(t, args...); err != nil || out != overviewText {
			t.Errorf("partlab %s: %v, and not the overview of partlab help", args[0], err)
		}
	}
	for _, c := range commands() {
		if !strings.Contains(overviewText, "\n  "+c.UsageLine+"\n") || !strings.Contains(overviewText, c.Short) {
			t.Errorf("partlab help lacks %q and its summary", c.UsageLine)
		}
		if c.Name == "" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			help, _, err := partlab(t, "help", c.Name)
			if err != nil || !strings.HasPrefix(help, "usage: "+c.UsageLine+"\n\n"+c.Long+"\n") {
				t.Fatalf("partlab help %s: %v\n%s", c.Name, err, help)
			}
			out, stderr, err := partlab(t, c.Name, "-h")
			if !errors.Is(err, flag.ErrHelp) || exitCode(err) != 0 || out != "" || stderr != help {
				t.Errorf("partlab %s -h: %v (exit %d), stdout %q; want partlab help %s on stderr", c.Name, err, exitCode(err), out, c.Name)
			}
			_, _, err = partlab(t, c.Name, "--no-such-flag")
			var stderrBuf bytes.Buffer
			finish(t.Context(), err, &stderrBuf)
			want := "partlab: flag provided but not defined: -no-such-flag\nusage: " + c.UsageLine + "\nrun 'partlab help " + c.Name + "' for more\n"
			if exitCode(err) != 2 || stderrBuf.String() != want {
				t.Errorf("a bad flag: exit %d, stderr\n%s\nwant exit 2 and\n%s", exitCode(err), stderrBuf.String(), want)
			}
		})
	}
}

// A usage error prints the message and the command's usage line, not the
// whole manual.
func TestUsageErrorsAreShort(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bogus"}, "partlab: unknown command \"bogus\"\nrun 'partlab help' for the commands\n"},
		{[]string{"rendr"}, "partlab: unknown command \"rendr\" (did you mean \"render\"?)\nrun 'partlab help' for the commands\n"},
		{[]string{"render", "--stict"}, "partlab: flag provided but not defined: -stict (did you mean --strict?)\nusage: " + renderCommand.UsageLine + "\nrun 'partlab help render' for more\n"},
		{[]string{"results", "--fromat", "csv"}, "partlab: flag provided but not defined: -fromat (did you mean --format json|csv|figures|text?)\nusage: " + resultsCommand.UsageLine + "\nrun 'partlab help results' for more\n"},
		{[]string{"help", "bogus"}, "partlab: unknown command \"bogus\"\nrun 'partlab help' for the commands\n"},
		{[]string{"help", "render", "check"}, "partlab: help takes at most one command\nusage: partlab help [COMMAND|flags]\nrun 'partlab help help' for more\n"},
		{[]string{"results"}, "partlab: results takes one scenario file\nusage: " + resultsCommand.UsageLine + "\nrun 'partlab help results' for more\n"},
		{[]string{"--cdn", "x", "a.yaml"}, "partlab: partlab without a command renders scenarios/*.yaml and takes no files (got \"a.yaml\"): use partlab render FILE…\n" +
			"usage: partlab [render flags]\nrun 'partlab help' for more\n"},
		{[]string{"version", "x"}, "partlab: version takes no arguments\nusage: partlab version\nrun 'partlab help version' for more\n"},
	} {
		out, _, err := partlab(t, tc.args...)
		var stderr bytes.Buffer
		if code := finish(t.Context(), err, &stderr); code != 2 || out != "" || stderr.String() != tc.want {
			t.Errorf("partlab %q: exit %d, stdout %q, stderr\n%s\nwant exit 2 and\n%s", tc.args, code, out, stderr.String(), tc.want)
		}
	}
}
