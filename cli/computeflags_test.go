package cli

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/sim/kafka/kafkatest"
)

// gridJSON is the part of a grid's JSON these tests read.
type gridJSON struct {
	Engine string            `json:"engine"`
	Rows   []json.RawMessage `json:"rows"`
	Kafka  *struct {
		Cluster  string `json:"cluster"`
		Agree    bool   `json:"agree"`
		Agreeing int    `json:"agreeing"`
		Rows     []map[string]any
	} `json:"kafka"`
}

func cellsOf(t *testing.T, out string) []gridJSON {
	t.Helper()
	var doc struct{ Cells []gridJSON }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cells
}

// With --engine both the lesson's grid runs on kfake too: every row agrees,
// the simulation's figures are unchanged, and the text adds the agreement
// table after the lesson's tables.
func TestEngineBothOnTheLessonScenario(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	simOut, _, err := partlab(t, "results", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, err := partlab(t, "results", "--engine", "both", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	if errOut != "" {
		t.Errorf("progress on a stderr that is not a terminal: %q", errOut)
	}
	s, k := cellsOf(t, simOut)[0], cellsOf(t, out)[0]
	if s.Engine != "sim" || s.Kafka != nil || k.Engine != "both" {
		t.Errorf("engines %q and %q, kafka %v in the simulation's run", s.Engine, k.Engine, s.Kafka)
	}
	if !reflect.DeepEqual(s.Rows, k.Rows) {
		t.Error("the simulation's rows changed with --engine both")
	}
	if k.Kafka == nil || !k.Kafka.Agree || k.Kafka.Agreeing != 12 || k.Kafka.Cluster != "kfake" || len(k.Kafka.Rows) != 12 {
		t.Fatalf("kafka %+v", k.Kafka)
	}
	for i, row := range k.Kafka.Rows {
		var simRow map[string]any
		json.Unmarshal(s.Rows[i], &simRow)
		differ := row["differ"]
		delete(row, "differ")
		if !reflect.DeepEqual(row, simRow) || !reflect.DeepEqual(differ, []any{}) {
			t.Errorf("row %d: kafka %v (differ %v), sim %v", i, row, differ, simRow)
		}
	}

	text, _, err := partlab(t, "results", "--format", "text", "--engine", "both", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	lesson, _ := os.ReadFile("testdata/lesson.txt")
	grid, _, _ := strings.Cut(string(lesson), "\n\n")
	for _, want := range []string{grid + "\n\nkafka engine (kfake) beside the simulation: 12 of 12 rows agree\n",
		"record              4         4 both        621      583     0   200      527  agrees\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

// The scenario chooses a grid's engine and where Kafka is (its brokers with
// --allow-brokers); --engine and --brokers override both.
func TestScenarioEngineAndOverrides(t *testing.T) {
	closed := kafkatest.ClosedPort(t)
	file := filepath.Join(t.TempDir(), "k.yaml")
	os.WriteFile(file, []byte(`title: k
source: {seed: 5, subscribers: 40, periods: 3}
engine:
  kafka: {brokers: ['`+closed+`'], timeout: 5s}
cells:
  - grid: {keys: [record], partitions: [2], consumers: [3], partitioner: murmur2, assignor: range, engine: kafka}
`), 0o644)

	_, _, err := partlab(t, "results", "--allow-brokers", file)
	if err == nil || !strings.Contains(err.Error(), "could not reach the brokers "+closed) {
		t.Errorf("the scenario's brokers: error %v", err)
	}
	out, _, err := partlab(t, "results", "--allow-brokers", "--engine", "sim", file)
	if err != nil || cellsOf(t, out)[0].Kafka != nil {
		t.Errorf("--engine sim: error %v, output %s", err, out)
	}
	fake := kafkatest.Cluster(t)
	out, _, err = partlab(t, "results", "--brokers", strings.Join(fake.ListenAddrs(), ","), file)
	if err != nil {
		t.Fatal(err)
	}
	if k := cellsOf(t, out)[0]; k.Engine != "kafka" || k.Kafka == nil || k.Kafka.Cluster != "brokers" || !k.Kafka.Agree {
		t.Errorf("--brokers: grid %+v", k)
	}
}

// A Kafka engine that fails writes nothing to stdout and exits with 1: for
// brokers that refuse connections, and for a cluster that refuses to create
// the topic.
func TestKafkaFailuresWriteNoOutput(t *testing.T) {
	closed := kafkatest.ClosedPort(t)
	fake := kafkatest.Cluster(t)
	kafkatest.FailTopicCreation(fake, "topic creation is disabled")
	for _, tc := range []struct {
		name, brokers, want string
	}{
		{"closed port", closed, lessonYAML + ": kafka engine: could not reach the brokers " + closed},
		{"topic creation fails", fake.ListenAddrs()[0], lessonYAML + `: kafka engine: grid "keys": key subscriber, partitions 1: create topic "partlab-`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []string{"json", "text"} {
				out, _, err := partlab(t, "results", "--format", format, "--engine", "both", "--brokers", tc.brokers, lessonYAML)
				if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
					t.Errorf("error %v, want %q…", err, tc.want)
				}
				if code := exitCode(err); code != 1 {
					t.Errorf("exit code %d, want 1", code)
				}
				if out != "" {
					t.Errorf("wrote %q to stdout", out)
				}
			}
		})
	}
}

func TestEngineFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		flag, value, want string
	}{
		{"--engine", "spark", `invalid value "spark" for flag -engine: unknown engine "spark" (want one of both, kafka, sim)`},
		{"--brokers", "kafka1", `invalid value "kafka1" for flag -brokers: must be host:port (got "kafka1")`},
		{"--brokers", "k:9092,k:99999", `invalid value "k:9092,k:99999" for flag -brokers: port must be a number between 1 and 65535 (got "99999")`},
		{"--timeout", "0s", `invalid value "0s" for flag -timeout: must be between 1s and 10m0s (got 0s)`},
		{"--timeout", "soon", `invalid value "soon" for flag -timeout: time: invalid duration "soon"`},
	} {
		t.Run(tc.flag+"="+tc.value, func(t *testing.T) {
			out, _, err := partlab(t, "results", tc.flag, tc.value, lessonYAML)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			if code := exitCode(err); code != 2 || out != "" {
				t.Errorf("exit code %d, stdout %q", code, out)
			}
		})
	}
}

// Progress goes only to a terminal: not to a pipe, a file or a buffer.
func TestProgressOnlyOnATerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, out := range []io.Writer{w, f, &strings.Builder{}} {
		if isTerminal(out) {
			t.Errorf("%T is taken for a terminal", out)
		}
	}
}

// A page rendered with the Kafka engine beside the simulation shows both,
// with the agreement and, for keyless records, the known cause.
func TestRenderShowsKafkaAgreement(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	dir := t.TempDir()
	scenario := filepath.Join(dir, "keyless.yaml")
	os.WriteFile(scenario, []byte("title: keyless\ncells:\n  - grid: {keys: [subscriber, none], partitions: [4], consumers: [2], engine: both}\n"), 0o644)
	out := filepath.Join(dir, "out")
	if _, _, err := partlab(t, "render", "-o", out, "--cdn", "https://cdn.invalid/echarts.min.js", scenario); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "keyless", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"On Kafka (an in-process kfake cluster) beside the simulation: 1 of 2 combinations agree in every figure",
		"1 of 2 combinations agree with the simulation in every figure; 1 differ (no key, 4 partitions, 2 consumers: consumers",
		"Known cause: keyless records: the client's sticky partitioner",
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
