package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// helpCommand is a function, not a variable like the other commands: its
// run reads the table that lists it.
func helpCommand() *Command {
	return &Command{
		Name:      "help",
		UsageLine: "partlab help [COMMAND|flags]",
		Short:     "print this overview, a command's usage, flags and examples, or the shared flags",
		Long: `Help prints the overview of partlab's commands, or with a COMMAND its usage
line, what it does, its own flags, the groups of shared flags it takes and
examples. partlab COMMAND -h prints the same on stderr. partlab help flags
prints the groups of flags several commands share (render flags, compute
flags), once.`,
		Examples: []Example{
			{"partlab help render", "render's usage, flags and examples"},
			{"partlab help flags", "the render flags and the compute flags"},
		},
		Flags: func(fs *flag.FlagSet) runFunc {
			return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
				switch len(args) {
				case 0:
					return overview(stdout)
				case 1:
					if args[0] == "flags" {
						return sharedFlags(stdout)
					}
					if c, ok := lookup(args[0]); ok && c.Name != "" {
						return c.help(stdout)
					}
					return unknownCommand(args[0])
				}
				return usageError{error: errors.New("help takes at most one command")}
			}
		},
	}
}

// width is where help wraps its lines.
const width = 88

// exitStatus is help's list of the exit statuses (see exitCode).
const exitStatus = "0 ok · 1 a scenario or run error · 2 usage · 3 internal error · " +
	"130 or 143 stopped by SIGINT or SIGTERM (nothing is written)"

// overview is partlab help: every command's usage line and summary, the
// flags that several commands share, and the exit statuses. The README's
// command reference is this text.
func overview(w io.Writer) error {
	var b strings.Builder
	b.WriteString("partlab turns YAML scenario files into static HTML reports on partitioned logs.\n\nusage:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %s\n%s", c.UsageLine, wrap(strings.Fields(c.Short), 6))
	}
	for _, g := range flagGroups() {
		fmt.Fprintf(&b, "\n%s:\n%s", g.name, wrap(g.synopsis(), 2))
	}
	fmt.Fprintf(&b, "\nexit status:\n%s\nrun 'partlab help COMMAND' for a command's flags, details and examples,\n'partlab help flags' for the flags several commands share\n", wrap(strings.Fields(exitStatus), 2))
	_, err := io.WriteString(w, b.String())
	return err
}

// sharedFlags is partlab help flags: each group of shared flags, every
// flag with its help, once for all the commands that take them.
func sharedFlags(w io.Writer) error {
	var b strings.Builder
	for i, g := range flagGroups() {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s, taken by %s:\n", g.name, strings.Join(g.takers(), ", "))
		writeFlags(&b, g.flags)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// takers are the names of the commands that take g's flags.
func (g flagGroup) takers() []string {
	var names []string
	for _, c := range commands() {
		if strings.Contains(c.UsageLine, "["+g.name+"]") {
			names = append(names, strings.TrimSpace("partlab "+c.Name))
		}
	}
	return names
}

// help is partlab help NAME: the usage line, the long help, the command's
// own flags, the shared groups it takes, by name (partlab help flags
// lists them), and its examples.
func (c *Command) help(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", c.UsageLine, c.Long)
	fs := flag.NewFlagSet(c.name(), flag.ContinueOnError)
	c.Flags(fs)
	groups := flagGroups()
	var own []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.ContainsFunc(groups, func(g flagGroup) bool { return g.has(f.Name) }) {
			own = append(own, f)
		}
	})
	if len(own) > 0 {
		b.WriteString("\nflags:\n")
		writeFlags(&b, own)
	}
	var takes []string
	for _, g := range groups {
		if slices.ContainsFunc(g.flags, func(f *flag.Flag) bool { return fs.Lookup(f.Name) != nil }) {
			takes = append(takes, "the "+g.name)
		}
	}
	if len(takes) > 0 {
		fmt.Fprintf(&b, "\nIt also takes %s: run 'partlab help flags' for them.\n", strings.Join(takes, " and "))
	}
	if len(c.Examples) > 0 {
		b.WriteString("\nexamples:\n")
		for _, e := range c.Examples {
			fmt.Fprintf(&b, "  %s\n%s", e.Line, wrap(strings.Fields(e.Does), 6))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shortUsage is what follows a usage error: the command's usage line and
// where to read more.
func (c *Command) shortUsage() string {
	more := "partlab help"
	if c.Name != "" {
		more += " " + c.Name
	}
	return fmt.Sprintf("usage: %s\nrun '%s' for more\n", c.UsageLine, more)
}

// A flagGroup is a set of flags that several commands take, named in their
// usage lines as [NAME] instead of one by one.
type flagGroup struct {
	name  string
	flags []*flag.Flag
}

// flagGroups are the render flags and the compute flags, read from the
// functions that define them.
func flagGroups() []flagGroup {
	group := func(name string, define func(*flag.FlagSet)) flagGroup {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		define(fs)
		g := flagGroup{name: name}
		fs.VisitAll(func(f *flag.Flag) { g.flags = append(g.flags, f) })
		return g
	}
	return []flagGroup{
		group("render flags", func(fs *flag.FlagSet) { addRenderFlags(fs) }),
		group("compute flags", func(fs *flag.FlagSet) { addComputeFlags(fs) }),
	}
}

func (g flagGroup) has(name string) bool {
	return slices.ContainsFunc(g.flags, func(f *flag.Flag) bool { return f.Name == name })
}

// synopsis lists the group's flags as a usage line does: [--cdn URL] ….
func (g flagGroup) synopsis() []string {
	var parts []string
	for _, f := range g.flags {
		parts = append(parts, "["+flagSynopsis(f)+"]")
	}
	return parts
}

// flagSynopsis is a flag as it is typed: -o DIR, --strict, --cdn URL.
func flagSynopsis(f *flag.Flag) string {
	dashes := "--"
	if len(f.Name) == 1 {
		dashes = "-"
	}
	s := dashes + f.Name
	if value, _ := flag.UnquoteUsage(f); value != "" {
		s += " " + value
	}
	return s
}

// writeFlags lists flags as flag.PrintDefaults does, with the dashes of the
// usage lines: the flag, then its help indented below it.
func writeFlags(b *strings.Builder, flags []*flag.Flag) {
	for _, f := range flags {
		_, usage := flag.UnquoteUsage(f)
		if def := defaultOf(f); def != "" {
			usage += " (default " + def + ")"
		}
		fmt.Fprintf(b, "  %s\n%s", flagSynopsis(f), wrap(strings.Fields(usage), 6))
	}
}

// defaultOf is a flag's default as help shows it, or "" when it has none
// worth saying: false, "" or a Func flag (whose help says its default).
func defaultOf(f *flag.Flag) string {
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	switch v := getter.Get().(type) {
	case string:
		if v != "" {
			return fmt.Sprintf("%q", v)
		}
	case bool:
		if v {
			return "true"
		}
	}
	return ""
}

// wrap puts words on lines of at most width columns (a longer word stands
// alone), each indented by indent spaces, and ends the text with a newline.
func wrap(words []string, indent int) string {
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	line := pad
	for _, word := range words {
		if line != pad && len([]rune(line))+1+len([]rune(word)) > width {
			b.WriteString(line + "\n")
			line = pad
		}
		if line != pad {
			line += " "
		}
		line += word
	}
	b.WriteString(line + "\n")
	return b.String()
}
