package kafka

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/sim/kafka/kafkatest"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

var lessonSource = sim.Source{Seed: 20260218, Subscribers: 200, Periods: 12}

// lessonGrid is the lesson's grid: three keys, partitions 1, 2, 4, 8, four
// consumers, the lesson's partitioner and the lesson's p mod C.
var lessonGrid = sim.Grid{
	ID: "keys", Keys: []sim.Key{sim.KeySubscriber, sim.KeyRecord, sim.KeyPeriod},
	Partitions: []int{1, 2, 4, 8}, Consumers: []int{4},
	Partitioner: "lesson", Assignor: "roundrobin", Engine: sim.EngineBoth,
}

// simulate runs a grid in the simulation: the results the engine takes,
// and the grid's among them.
func simulate(t testing.TB, src sim.Source, g sim.Grid) (sim.Results, *sim.GridResult) {
	t.Helper()
	rs, err := sim.Run(t.Context(), src, []sim.Cell{g})
	if err != nil {
		t.Fatal(err)
	}
	return rs, rs.All[0].Result.(*sim.GridResult)
}

// observed is what Kafka observed of cell id among the results, as the
// kind's type; the zero O when the cell did not run there.
func observed[O any](rs sim.Results, id string) O {
	for i, c := range rs.All {
		if rs.Cells[i].CellID() == id {
			o, _ := c.Kafka.(O)
			return o
		}
	}
	var none O
	return none
}

// ranOnKafka reports whether any cell of the results has Kafka's figures.
func ranOnKafka(rs sim.Results) bool {
	return slices.ContainsFunc(rs.All, func(c sim.Computed) bool { return c.Kafka != nil })
}

// fakeCluster starts a kfake cluster that the test owns, as a user's own
// cluster would be: the engine reaches it through its brokers.
func fakeCluster(t testing.TB) (*kfake.Cluster, *kadm.Client) {
	t.Helper()
	fake := kafkatest.Cluster(t, fakeOptions...)
	cl, err := kgo.NewClient(kgo.SeedBrokers(fake.ListenAddrs()...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return fake, kadm.NewClient(cl)
}

// leftBehind lists the run's topics and groups still on a cluster.
func leftBehind(t *testing.T, adm *kadm.Client) []string {
	t.Helper()
	ctx := context.Background()
	topics, err := adm.ListTopics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	groups, err := adm.ListGroups(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, name := range append(topics.Names(), groups.Groups()...) {
		if strings.HasPrefix(name, "partlab-") {
			left = append(left, name)
		}
	}
	return left
}

// On kfake every figure of the Kafka engine equals the simulation's: loads,
// idle, split, rows, deviation and everything derived from them.
func TestKafkaAgreesWithTheSimulation(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	for _, tc := range []struct {
		name string
		src  sim.Source
		grid sim.Grid
	}{
		{"lesson grid, lesson partitioner, roundrobin", lessonSource, lessonGrid},
		{"murmur2 and range", sim.Source{Seed: 99, Subscribers: 317, Periods: 7}, sim.Grid{
			ID: "murmur", Keys: []sim.Key{sim.KeySubscriber, sim.KeyRecord, sim.KeyPeriod},
			Partitions: []int{3, 6}, Consumers: []int{2, 5, 8},
			Partitioner: "murmur2", Assignor: "range", Engine: sim.EngineKafka,
		}},
		{"crc32 and roundrobin", sim.Source{Seed: -4, Subscribers: 1003, Periods: 3}, sim.Grid{
			ID: "crc", Keys: []sim.Key{sim.KeyRecord, sim.KeySubscriber},
			Partitions: []int{5}, Consumers: []int{3, 7},
			Partitioner: "crc32", Assignor: "roundrobin", Engine: sim.EngineBoth,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, res := simulate(t, tc.src, tc.grid)
			out, err := Run(t.Context(), Config{}, rs)
			if err != nil {
				t.Fatal(err)
			}
			o := observed[*sim.GridObserved](out, res.ID)
			if o == nil || o.Engine != "kafka" || o.Cluster != "kfake" || len(o.Rows) != len(res.Rows) {
				t.Fatalf("observed %+v for %d rows", o, len(res.Rows))
			}
			for i, got := range o.Rows {
				if want := res.Rows[i]; !reflect.DeepEqual(got.GridRow, want) || len(got.Differ) != 0 || got.Reason != "" {
					t.Errorf("%s P=%d C=%d differs in %v:\nkafka %+v\nsim   %+v", want.Key, want.Partitions, want.Consumers, got.Differ, got.GridRow, want)
				}
			}
			if !o.Agree || o.Agreeing != len(o.Rows) {
				t.Errorf("agree %v, %d of %d rows", o.Agree, o.Agreeing, len(o.Rows))
			}
		})
	}
}

// The records really travelled: the partitions' high watermarks are the
// simulation's partition sizes, every consumer owns what the simulation's
// assignor gives it and fetched each of its partitions at offsets 0…n-1 in
// order, and each partition holds its readings in the lesson's write order.
func TestRecordsTravelled(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	src := lessonSource
	g := lessonGrid
	g.Consumers = []int{3, 4}
	rs, res := simulate(t, src, g)
	d := rs.Data
	c, err := connect(t.Context(), Config{Timeout: DefaultTimeout})
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	pt, _ := sim.PartitionerByName(g.Partitioner, src.Seed)
	groups := 0
	c.inspect = func(topic string, hwm []int64, r groupRead) {
		want := res.Rows[groups]
		groups++
		name := fmt.Sprintf("%s P=%d C=%d", want.Key, want.Partitions, want.Consumers)
		if !strings.HasSuffix(topic, fmt.Sprintf("-keys-%s-p%d", want.Key, want.Partitions)) {
			t.Errorf("%s: topic %q", name, topic)
		}
		for p, n := range hwm {
			if n != int64(want.Sizes[p]) {
				t.Errorf("%s: partition %d high watermark %d, simulation's size %d", name, p, n, want.Sizes[p])
			}
		}
		if !reflect.DeepEqual(r.owned, sim.RoundRobin(want.Partitions, want.Consumers)) {
			t.Errorf("%s: owned %v, want %v", name, r.owned, sim.RoundRobin(want.Partitions, want.Consumers))
		}
		logs := make([][]sim.Reading, want.Partitions)
		var key []byte
		for rd := range d.WriteOrder {
			key = d.Value(key[:0], want.Key, rd.Subscriber, rd.Period)
			p := pt.Partition(key, want.Partitions)
			logs[p] = append(logs[p], rd)
		}
		for cons, recs := range r.got {
			offsets := map[int][]int64{}
			readings := map[int][]sim.Reading{}
			for _, f := range recs {
				offsets[f.Partition] = append(offsets[f.Partition], f.Offset)
				readings[f.Partition] = append(readings[f.Partition], f.Reading)
			}
			for p, offs := range offsets {
				if !slices.Contains(r.owned[cons], p) {
					t.Errorf("%s: consumer %d fetched partition %d, which it does not own", name, cons, p)
				}
				for i, o := range offs {
					if o != int64(i) {
						t.Errorf("%s: consumer %d, partition %d: offsets %v…, want 0…%d in order", name, cons, p, offs[:min(len(offs), i+1)], hwm[p]-1)
						break
					}
				}
				if len(offs) != int(hwm[p]) {
					t.Errorf("%s: consumer %d fetched %d records of partition %d, want %d", name, cons, len(offs), p, hwm[p])
				}
				if !reflect.DeepEqual(readings[p], logs[p]) {
					t.Errorf("%s: partition %d does not hold its readings in write order", name, p)
				}
			}
		}
	}
	if _, err := gridRunner.run(t.Context(), c, d, rs.Cells[0], res, newProgress(nil)); err != nil {
		t.Fatal(err)
	}
	if groups != len(res.Rows) {
		t.Errorf("inspected %d groups, want %d", groups, len(res.Rows))
	}
}

// Keyless records go where the client's sticky partitioner sends them, not
// round robin: such rows may differ, and then they say why. Nothing else
// differs, and the run leaves nothing behind on the cluster.
func TestKeylessRowsSayWhyTheyDiffer(t *testing.T) {
	fake, adm := fakeCluster(t)
	g := lessonGrid
	g.Keys = []sim.Key{sim.KeyNone, sim.KeySubscriber}
	rs, res := simulate(t, lessonSource, g)
	out, err := Run(t.Context(), Config{Brokers: fake.ListenAddrs()}, rs)
	if err != nil {
		t.Fatal(err)
	}
	o := observed[*sim.GridObserved](out, res.ID)
	if o.Cluster != "brokers" {
		t.Errorf("cluster %q, want brokers", o.Cluster)
	}
	agreeing := 0
	for i, r := range o.Rows {
		sum := 0
		for _, l := range r.Loads {
			sum += l
		}
		switch {
		case sum != res.Records:
			t.Errorf("%s P=%d: loads %v sum to %d, want %d", r.Key, r.Partitions, r.Loads, sum, res.Records)
		case r.Agrees():
			agreeing++
			if r.Reason != "" {
				t.Errorf("%s P=%d agrees and has a reason", r.Key, r.Partitions)
			}
		case r.Key != sim.KeyNone || r.Reason != keylessReason:
			t.Errorf("%s P=%d differs in %v with reason %q\nkafka %+v\nsim   %+v", r.Key, r.Partitions, r.Differ, r.Reason, r.GridRow, res.Rows[i])
		}
		if r.Key == sim.KeyNone && r.Partitions == 1 && !r.Agrees() {
			t.Errorf("keyless with one partition differs in %v", r.Differ)
		}
	}
	if o.Agreeing != agreeing || o.Agree != (agreeing == len(o.Rows)) {
		t.Errorf("agreeing %d, agree %v; counted %d of %d", o.Agreeing, o.Agree, agreeing, len(o.Rows))
	}
	if left := leftBehind(t, adm); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A closed loopback port refuses connections: the run fails at once and says
// which brokers it could not reach, but not how, which stays in the chain.
func TestUnreachableBrokers(t *testing.T) {
	addr := kafkatest.ClosedPort(t)
	rs, _ := simulate(t, lessonSource, lessonGrid)
	obs, err := Run(t.Context(), Config{Brokers: []string{addr}, Timeout: 10 * time.Second}, rs)
	want := "kafka engine: could not reach the brokers " + addr
	if err == nil || err.Error() != want || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("error %v, want %q wrapping connection refused", err, want)
	}
	if ranOnKafka(obs) {
		t.Error("the failed run set the grid's Kafka figures")
	}
}

// A topic that cannot be created is a clear error naming the topic, and the
// grid gets no figures.
func TestTopicCreationFails(t *testing.T) {
	fake, adm := fakeCluster(t)
	kafkatest.FailTopicCreation(fake, "topic creation is disabled")
	rs, _ := simulate(t, lessonSource, lessonGrid)
	obs, err := Run(t.Context(), Config{Brokers: fake.ListenAddrs()}, rs)
	if err == nil || !errors.Is(err, kerr.PolicyViolation) {
		t.Fatalf("error %v, want a policy violation", err)
	}
	for _, want := range []string{`kafka engine: grid "keys": key subscriber, partitions 1: create topic "partlab-`, "-keys-subscriber-p1\" with 1 partitions: POLICY_VIOLATION", "(topic creation is disabled)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if ranOnKafka(obs) {
		t.Error("the failed run set the grid's Kafka figures")
	}
	if left := leftBehind(t, adm); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A group whose members can never join does not stabilise: the run stops
// at the timeout, says how far the group got, and deletes the topic.
func TestGroupDoesNotStabilise(t *testing.T) {
	fake, adm := fakeCluster(t)
	fake.ControlKey(int16(kmsg.JoinGroup), func(kreq kmsg.Request) (kmsg.Response, error, bool) {
		fake.KeepControl()
		resp := kreq.(*kmsg.JoinGroupRequest).ResponseKind().(*kmsg.JoinGroupResponse)
		resp.ErrorCode = kerr.CoordinatorLoadInProgress.Code
		return resp, nil, true
	})
	rs, _ := simulate(t, lessonSource, lessonGrid)
	_, err := Run(t.Context(), Config{Brokers: fake.ListenAddrs(), Timeout: time.Second}, rs)
	want := `kafka engine: grid "keys": key subscriber, partitions 1: consumers 4: group "partlab-`
	if err == nil || !strings.HasPrefix(err.Error(), want) ||
		!strings.Contains(err.Error(), "the consumer group did not stabilise (0 of 4 consumers in one generation, 0 of 1 partitions with exactly one owner): no answer within 1s (the timeout)") {
		t.Fatalf("error %v, want %q… did not stabilise", err, want)
	}
	if left := leftBehind(t, adm); slices.ContainsFunc(left, func(s string) bool { return strings.HasSuffix(s, "-p1") }) {
		t.Errorf("left behind: %v", left)
	}
}

// A grid the engine cannot run is refused before anything starts.
func TestRefusesGridsItCannotRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  sim.Source
		edit func(*sim.Grid)
		want string
	}{
		{"too many consumers", lessonSource, func(g *sim.Grid) { g.Consumers = []int{4, sim.MaxKafkaConsumers + 1} }, `kafka engine: grid "keys": 257 consumers: the kafka engine runs at most 256 in a group`},
		{"too many records", sim.Source{Seed: 1, Subscribers: 300_000, Periods: 12}, func(*sim.Grid) {}, "3600000 records: the kafka engine puts at most 2400000 through Kafka"},
		{"unknown assignor", lessonSource, func(g *sim.Grid) { g.Assignor = "sticky" }, `assignor "sticky" has no Kafka balancer`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := lessonGrid
			tc.edit(&g)
			d, err := sim.Generate(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			rs := sim.Results{Cells: []sim.Cell{g}, All: []sim.Computed{{Result: &sim.GridResult{Kind: sim.KindGrid, ID: g.ID, Engine: sim.EngineKafka, Grid: g}}}, Data: d}
			// Brokers that do not exist: reaching for them would fail differently.
			_, err = Run(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// Grids on the simulation alone start nothing and get no Kafka figures.
func TestSimulationOnlyStartsNothing(t *testing.T) {
	g := lessonGrid
	g.Engine = sim.EngineSim
	rs, _ := simulate(t, lessonSource, g)
	if out, err := Run(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs); err != nil || ranOnKafka(out) {
		t.Errorf("error %v, kafka %+v", err, out.All)
	}
}

// Progress names each step and counts its records.
func TestProgress(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	var b strings.Builder
	g := lessonGrid
	g.Keys, g.Partitions = []sim.Key{sim.KeyPeriod}, []int{2}
	rs, _ := simulate(t, lessonSource, g)
	_, err := Run(t.Context(), Config{Progress: &b}, rs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"kafka keys: key period, partitions 2: produced 2400 of 2400 records\n",
		"kafka keys: key period, partitions 2, consumers 4: consumed 2400 of 2400 records\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("progress %q lacks %q", b.String(), want)
		}
	}
}

func TestReadingsRoundTrip(t *testing.T) {
	d, err := sim.Generate(sim.Source{Seed: 3, Subscribers: 1500, Periods: 12})
	if err != nil {
		t.Fatal(err)
	}
	for r := range d.WriteOrder {
		got, err := readReading(d, appendReading(nil, r))
		if err != nil || got != r {
			t.Fatalf("%+v came back as %+v, %v", r, got, err)
		}
	}
	for _, v := range [][]byte{nil, {0x80}, {1, 2}, {1, 2, 3, 4}, appendReading(nil, sim.Reading{Subscriber: 1500})} {
		if _, err := readReading(d, v); err == nil {
			t.Errorf("value %x decoded", v)
		}
	}
}
