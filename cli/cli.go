// Package cli is partlab's command line: the table of commands, each
// command's flags and the wiring from them to the packages that do the work
// (scenarios loads, sim computes, report renders and publishes), the help
// and usage generated from the table, and the exit status of a run.
//
// It is not where anything is computed, rendered or compared: a command
// parses its flags and arguments, calls those packages and prints what they
// return. Everything takes its arguments and writers as parameters, so tests
// drive the command line as a function (Run).
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/partlab/partlab/scenarios"
)

// A Command is one partlab command, as cmd/go's base.Command is one go
// command: help, usage errors and the docs' command reference are printed
// from the table of them, so they cannot drift from the code.
type Command struct {
	// Name is what follows partlab on the command line; "" for partlab
	// without a command.
	Name string
	// UsageLine is the command's synopsis, from partlab on.
	UsageLine string
	// Short is a line for the list of commands.
	Short string
	// Long is the help of partlab help NAME, after the usage line.
	Long string
	// Flags defines the command's flags on fs and returns the command's run,
	// which reads them; help prints the flags of the same set.
	Flags func(fs *flag.FlagSet) runFunc
	// Examples are two or three command lines and what each does, as help
	// prints them; TestExamples runs them in a course partlab init wrote.
	Examples []Example
}

// An Example is one command line of a command's help: Line from partlab
// on, its words split at spaces, and what it does.
type Example struct {
	Line, Does string
}

// runFunc is a command's work, with its flags parsed: args are the arguments
// that follow them.
type runFunc func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// commands is the command table: partlab without a command first, then the
// commands in the order of the help's list.
func commands() []*Command {
	return []*Command{
		defaultCommand, renderCommand, resultsCommand, validateCommand, checkCommand, gradeCommand,
		diffCommand, schemaCommand, serveCommand, initCommand, versionCommand, helpCommand(),
	}
}

// lookup finds the command named name.
func lookup(name string) (*Command, bool) {
	for _, c := range commands() {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// testHookRun, when set, is called by Run first: tests use it to inject a
// panic or to learn that the work has begun.
var testHookRun func()

// Run runs the command line args (without the program's name). A panic is
// an internal error; work stopped by a signal returns the signal.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &internalError{value: v, stack: debug.Stack()}
		}
		// Work stopped by a cancelled context reports why it was cancelled:
		// a signal's cause decides the exit status.
		if err != nil && ctx.Err() != nil {
			err = context.Cause(ctx)
		}
	}()
	if testHookRun != nil {
		testHookRun()
	}
	cmd := defaultCommand
	switch {
	case len(args) == 0:
	case args[0] == "-h" || args[0] == "--help" || args[0] == "-help":
		return overview(stdout)
	case args[0] == "--version" || args[0] == "-version":
		cmd, args = versionCommand, args[1:]
	case !strings.HasPrefix(args[0], "-"):
		c, ok := lookup(args[0])
		if !ok {
			return unknownCommand(args[0])
		}
		cmd, args = c, args[1:]
	}
	return cmd.run(ctx, args, stdout, stderr)
}

// unknownCommand is the usage error of a name that is no command, with the
// command it is a near miss of.
func unknownCommand(name string) error {
	var names []string
	for _, c := range commands() {
		if c.Name != "" {
			names = append(names, c.Name)
		}
	}
	return usageError{fmt.Errorf("unknown command %q%s", name, scenarios.Suggest(name, names)), "run 'partlab help' for the commands\n"}
}

// undefinedFlag is the flag package's message of a flag the set does not
// define.
var undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.+)$`)

// flagError is a flag parsing error of fs, with the flag an undefined one
// is a near miss of.
func flagError(fs *flag.FlagSet, err error) error {
	m := undefinedFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	near := fs.Lookup(scenarios.Suggestion(m[1], names))
	if near == nil {
		return err
	}
	return fmt.Errorf("%w (did you mean %s?)", err, flagSynopsis(near))
}

// run parses the command's flags and runs it. -h prints the command's help
// on stderr; a usage error learns the command's short usage.
func (c *Command) run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(c.name(), flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the errors are returned, and help prints itself
	work := c.Flags(fs)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.help(stderr)
		return err
	case err == nil:
		err = work(ctx, fs.Args(), stdout, stderr)
	default:
		err = usageError{error: flagError(fs, err)}
	}
	var u usageError
	if errors.As(err, &u) && u.hint == "" {
		return usageError{err, c.shortUsage()}
	}
	return err
}

// name is the command's name in messages: partlab for partlab alone.
func (c *Command) name() string {
	if c.Name == "" {
		return "partlab"
	}
	return c.Name
}

// usageError marks a mistake in the command line, which exits with 2; hint
// is printed after the message: the command's usage line and where to read
// more.
type usageError struct {
	error
	hint string
}

func (u usageError) Unwrap() error { return u.error }

// internalError is a panic recovered in Run: a bug in partlab, not in the
// scenario, which exits with 3.
type internalError struct {
	value any
	stack []byte
}

func (e *internalError) Error() string { return fmt.Sprintf("internal error: %v", e.value) }

// finish prints err on stderr, escaped, followed by a usage error's hint,
// and returns the exit status. A signal decides the status whatever the
// work returned.
func finish(ctx context.Context, err error, stderr io.Writer) int {
	var sig interrupted
	if errors.As(context.Cause(ctx), &sig) {
		err = sig
	}
	var (
		internal *internalError
		u        usageError
	)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp): // help has been printed
	case errors.As(err, &internal):
		io.WriteString(stderr, printable(fmt.Sprintf("partlab: internal error, please report\n%v\n%s", internal.value, internal.stack)))
	default:
		// Every problem of a report on a line of its own, each with the
		// prefix, so that each line reads and greps alone.
		io.WriteString(stderr, printable("partlab: "+strings.ReplaceAll(err.Error(), "\n", "\npartlab: ")+"\n"))
		if errors.As(err, &u) {
			io.WriteString(stderr, u.hint)
		}
	}
	return exitCode(err)
}

// exitCode is 0 for success and for -h (help has been printed), 1 for a
// scenario or run error, 2 for a mistake in the command line, 3 for an
// internal error and 128 + the signal's number for a run stopped by SIGINT
// (130) or SIGTERM (143).
func exitCode(err error) int {
	var (
		u        usageError
		internal *internalError
		sig      interrupted
	)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &sig):
		return sig.code()
	case errors.As(err, &internal):
		return 3
	case errors.As(err, &u):
		return 2
	}
	return 1
}
