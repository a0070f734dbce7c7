// Command partlab turns YAML scenario files into static HTML reports that
// teach how partitioned logs behave. Run 'partlab help' for its commands;
// they live in package cli, and main only runs them.
package main

import (
	"context"
	"os"

	"github.com/partlab/partlab/cli"
)

// main runs the command line and exits with its status: 0 ok, 1 a scenario
// or run error, 2 a mistake in the command line, 3 an internal error, 130
// or 143 stopped by SIGINT or SIGTERM.
func main() {
	ctx, exit := cli.Interruptible(context.Background(), os.Stderr)
	exit(cli.Run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
