package scenarios

import (
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	"partlab/sim"

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

// SetEngine makes every grid of the scenario run on e, as the command line's
// --engine asks.
func (s *Scenario) SetEngine(e sim.Engine) {
	for i, c := range s.Cells {
		if g, ok := c.Sim.(sim.Grid); ok {
			g.Engine = e
			s.Cells[i].Sim = g
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
func CheckTimeout(d time.Duration) error {
	b := limits.timeout
	if int64(d) < b.min || int64(d) > b.max {
		return fmt.Errorf("must be between %v and %v (got %v)", time.Duration(b.min), time.Duration(b.max), d)
	}
	return nil
}

// engine reads the scenario's engine settings: engine.kafka.brokers and
// engine.kafka.timeout.
func (d *decoder) engine(n *yaml.Node, k *Kafka) {
	f := d.fields(n, "engine", []string{"kafka"}, nil)
	v := f["kafka"]
	if v == nil {
		return
	}
	f = d.fields(v, "engine.kafka", []string{"brokers", "timeout"}, nil)
	if v := f["brokers"]; v != nil {
		k.Brokers = d.brokers(v, "engine.kafka.brokers")
		k.BrokersAt = Pos{v.Line, v.Column}
	}
	if v := f["timeout"]; v != nil {
		k.Timeout = d.timeout(v, "engine.kafka.timeout")
	}
}

// brokers reads a non-empty list of distinct host:port addresses.
func (d *decoder) brokers(n *yaml.Node, path string) []string {
	var out []string
	for i, item := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		addr := d.str(item, p)
		if item.Kind != yaml.ScalarNode {
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

// timeout reads a duration such as 30s or 2m within the limits.
func (d *decoder) timeout(n *yaml.Node, path string) time.Duration {
	s := d.str(n, path)
	if n.Kind != yaml.ScalarNode {
		return 0
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		d.errorf(n, path, "must be a duration such as 30s or 2m (got %q)", s)
		return 0
	}
	if err := CheckTimeout(v); err != nil {
		d.errorf(n, path, "%v", err)
	}
	return v
}
