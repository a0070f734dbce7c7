package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/sim/kafka"
)

// computeFlags choose the engine of every grid, where the Kafka engine runs
// and whether throughput cells are measured, over what the scenario says.
// Every command that computes a scenario adds them with addComputeFlags and
// applies them with apply.
type computeFlags struct {
	engine       sim.Engine
	brokers      []string
	allowBrokers bool
	timeout      time.Duration
	measure      bool
	budget       sim.Budget
	overrides    *overrideFlags
	// variant is one student's values, put over the command line's
	// overrides (render --roster).
	variant []scenarios.Override
}

// with is f for a variant: the same flags with its values.
func (f *computeFlags) with(variant []scenarios.Override) *computeFlags {
	c := *f
	c.variant = variant
	return &c
}

// addComputeFlags defines --engine, --brokers, --allow-brokers, --timeout,
// --measure and the budget's --max-… on fs, and the overrides --set and
// --params; each is checked as it is parsed, so a bad value is a usage error.
func addComputeFlags(fs *flag.FlagSet) *computeFlags {
	f := &computeFlags{budget: sim.DefaultBudget(), overrides: addOverrideFlags(fs)}
	fs.BoolVar(&f.measure, "measure", false, "also run every throughput cell for real and show the measured figures")
	fs.BoolVar(&f.allowBrokers, "allow-brokers", false, "let the Kafka engine connect to the brokers the scenario names (engine.kafka.brokers)")
	fs.Func("engine", "run every grid on `sim|kafka|both` (default: each grid's own)", func(s string) (err error) {
		f.engine, err = sim.EngineByName(s)
		return err
	})
	fs.Func("brokers", "run the Kafka engine on the cluster at `host:port,…` (default: the scenario's, else an in-process kfake cluster)", func(s string) error {
		f.brokers = nil
		for _, addr := range strings.Split(s, ",") {
			addr = strings.TrimSpace(addr)
			if err := scenarios.CheckBroker(addr); err != nil {
				return err
			}
			f.brokers = append(f.brokers, addr)
		}
		return nil
	})
	fs.Func("timeout", "bound each step of the Kafka engine by `duration` (default: the scenario's, else 30s)", func(s string) (err error) {
		if f.timeout, err = time.ParseDuration(s); err != nil {
			return err
		}
		return scenarios.CheckTimeout(f.timeout)
	})
	f.addBudgetFlags(fs)
	return f
}

// addBudgetFlags defines the flags that raise (or lower) the budget's limits;
// their help shows the defaults.
func (f *computeFlags) addBudgetFlags(fs *flag.FlagSet) {
	whole := func(name, usage string, to *int64) {
		fs.Func(name, fmt.Sprintf(usage+" (default %d)", *to), func(s string) error {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n <= 0 {
				return fmt.Errorf("want a positive whole number (got %q)", s)
			}
			*to = n
			return nil
		})
	}
	whole("max-visits", "refuse a scenario whose cells visit more than `N` records and keys", &f.budget.Visits)
	whole("max-rows", "refuse a scenario whose results have more than `N` rows", &f.budget.Rows)
	whole("max-kafka-groups", "refuse a scenario that runs more than `N` consumer groups on the Kafka engine", &f.budget.KafkaGroups)
	whole("max-kafka-steps", "refuse a scenario whose Kafka groups' members take part in more than `N` steps in all", &f.budget.KafkaSteps)
	size := func(name, usage string, to *int64) {
		fs.Func(name, fmt.Sprintf(usage+" (64MB, 512KB, 2GB or bytes; default %dMB)", *to>>20), func(s string) (err error) {
			*to, err = parseBytes(s)
			return err
		})
	}
	size("max-output", "refuse a scenario whose output is estimated at more than `SIZE`", &f.budget.Output)
	size("max-kafka-bytes", "refuse a scenario whose records on the Kafka engine take more than `SIZE` of memory", &f.budget.KafkaBytes)
	fs.Func("max-measure", fmt.Sprintf("with --measure, refuse a scenario whose measured runs sleep longer than `duration` (default %v)", f.budget.Measure), func(s string) error {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return fmt.Errorf("want a positive duration such as 30m (got %q)", s)
		}
		f.budget.Measure = d
		return nil
	})
}

// apply puts the flags that were given over the scenario's own settings.
// Brokers named in a scenario file are addresses chosen by whoever wrote it,
// so they are used only when the command line consents (--allow-brokers, or
// --brokers, which replaces them); without consent they are an error at
// their place in the file, whatever engine the grids run on, before anything
// connects.
func (f *computeFlags) apply(s *scenarios.Scenario) error {
	switch {
	case f.brokers != nil:
		s.Kafka.Brokers = f.brokers
	case len(s.Kafka.Brokers) > 0 && !f.allowBrokers:
		at := s.Kafka.BrokersAt
		return s.Relocate(&scenarios.Error{File: s.File, Line: at.Line, Col: at.Col, Field: "engine.kafka.brokers",
			Msg: "partlab connects to the brokers a scenario names only with the command line's consent: add --allow-brokers to use them, or --brokers host:port,… to use others"})
	}
	if f.engine != "" {
		s.SetEngine(f.engine)
	}
	if f.timeout != 0 {
		s.Kafka.Timeout = f.timeout
	}
	return nil
}

// kafkaConfig is where and how the Kafka engine runs a scenario; it shows
// progress on stderr only when stderr is a terminal.
func kafkaConfig(s *scenarios.Scenario, stderr io.Writer) kafka.Config {
	cfg := kafka.Config{Brokers: s.Kafka.Brokers, Timeout: s.Kafka.Timeout}
	if isTerminal(stderr) {
		cfg.Progress = stderr
	}
	return cfg
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// byteUnits are the suffixes --max-output and --max-kafka-bytes take, in
// powers of 1024.
var byteUnits = []struct {
	suffix string
	size   int64
}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}}

// parseBytes reads a size such as 64MB, 512KB, 2GB or 1000000 (bytes).
func parseBytes(s string) (int64, error) {
	num, unit := s, int64(1)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(strings.ToUpper(s), u.suffix); ok {
			num, unit = s[:len(rest)], u.size
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/unit {
		return 0, fmt.Errorf("want a positive size such as 64MB, 512KB or 1000000 (got %q)", s)
	}
	return n * unit, nil
}
