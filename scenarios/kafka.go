package scenarios

import (
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/partlab/partlab/sim"

	"gopkg.in/yaml.v3"
)

// Kafka says where the grids whose engine is kafka or both run, from the
// scenario's engine.kafka mapping or the command line.
type Kafka struct {
	// Brokers are host:port seeds of a real cluster; none means an
	// in-process kfake cluster, started for the run.
	Brokers []string
	// BrokersAt is where engine.kafka.brokers is in the file: brokers a
	// file names need the command line's consent, refused at this place.
	BrokersAt Pos
	// Timeout bounds each step of the Kafka engine; 0 is its default, 30 s.
	Timeout time.Duration
}

// SetEngine makes every grid, keyless, rebalance and lag cell of the scenario
// run on e, as the command line's --engine asks, but a rebalance of static
// members, which the Kafka engine refuses: its figures are the model's, and
// a page run with --engine both keeps them.
func (s *Scenario) SetEngine(e sim.Engine) {
	for i, c := range s.Cells {
		switch cell := c.Sim.(type) {
		case sim.Grid:
			cell.Engine = e
			s.Cells[i].Sim = cell
		case sim.Keyless:
			cell.Engine = e
			s.Cells[i].Sim = cell
		case sim.Rebalance:
			if cell.Static {
				continue
			}
			cell.Engine = e
			s.Cells[i].Sim = cell
		case sim.Lag:
			cell.Engine = e
			s.Cells[i].Sim = cell
		}
	}
}

// CheckBroker reports whether addr is a broker address, host:port.
func CheckBroker(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return fmt.Errorf("must be host:port (got %q)", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port must be a number between 1 and 65535 (got %q)", port)
	}
	return nil
}

// CheckTimeout reports whether d is a timeout the Kafka engine accepts.
func CheckTimeout(d time.Duration) error { return limits.timeout.check(d) }

// engineSpec is the scenario's engine settings: engine.kafka.brokers and
// engine.kafka.timeout.
var engineSpec = object[Kafka]{fields: []field[Kafka]{
	{name: "kafka", doc: "where grids on the kafka engine run", value: kafkaSpec,
		set: to(func(k *Kafka, v Kafka) { *k = v })},
}}

var kafkaSpec = object[Kafka]{
	fields: []field[Kafka]{
		{name: "brokers", doc: "host:port seeds of a real cluster, used only with --allow-brokers; default none, an in-process kfake cluster", value: brokers{},
			set: to(func(k *Kafka, v []string) { k.Brokers = v })},
		{name: "timeout", doc: "bounds each step of the Kafka engine; default 30s", value: duration{limits.timeout, "30s"},
			set: to(func(k *Kafka, v time.Duration) { k.Timeout = v })},
	},
	// Brokers a file names need the command line's consent, refused at
	// their place.
	check: func(m mapping, k *Kafka) {
		if v := m.at["brokers"]; v != nil {
			k.BrokersAt = Pos{v.Line, v.Column}
		}
	},
}

// brokers is a non-empty list of distinct host:port addresses.
type brokers struct{}

func (brokers) decode(d *decoder, n *yaml.Node, path string) any {
	var out []string
	for i, item := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		addr := str{}.decode(d, item, p).(string)
		if !isString(item) {
			continue
		}
		if err := CheckBroker(addr); err != nil {
			d.errorf(item, p, "%v", err)
		} else if slices.Contains(out, addr) {
			d.errorf(item, p, "duplicate value %q", addr)
		}
		out = append(out, addr)
	}
	return out
}

func (brokers) schema() schema {
	return list(schema{"type": "string", "pattern": `^.+:[0-9]+$`}, true)
}
