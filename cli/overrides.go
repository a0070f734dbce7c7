package cli

import (
	"flag"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
)

// overrideFlags are --set PATH=VALUE and --params FILE, repeatable and
// applied in the order given, a later value winning. A command adds them
// with addOverrideFlags (addComputeFlags does) and passes list() to load.
type overrideFlags struct {
	// given holds each flag's overrides, or its params file to read when
	// the command runs: a params file is scenario input, and its errors
	// are the run's, not the command line's.
	given []overrideFlag
}

type overrideFlag struct {
	set    []scenarios.Override
	params string
}

// addOverrideFlags defines --set and --params on fs. A --set that is not
// PATH=VALUE with VALUE in YAML is a usage error.
func addOverrideFlags(fs *flag.FlagSet) *overrideFlags {
	f := &overrideFlags{}
	fs.Func("set", "put `PATH=VALUE` over the scenario's value, such as source.seed=7 or cells.keys.partitions=[1,2,3] (repeatable)", func(s string) error {
		ovs, err := scenarios.ParseSet(s)
		if err != nil {
			return err
		}
		f.given = append(f.given, overrideFlag{set: ovs})
		return nil
	})
	fs.Func("params", "put the values of `FILE`, a YAML mapping of paths to values, over the scenario's (repeatable)", func(s string) error {
		f.given = append(f.given, overrideFlag{params: s})
		return nil
	})
	return f
}

// list returns the overrides in the order given, reading the params files.
func (f *overrideFlags) list() ([]scenarios.Override, error) {
	if f == nil {
		return nil, nil
	}
	var out []scenarios.Override
	for _, g := range f.given {
		if g.params == "" {
			out = append(out, g.set...)
			continue
		}
		ovs, err := load.Params(g.params)
		if err != nil {
			return nil, err
		}
		out = append(out, ovs...)
	}
	return out, nil
}
