package cli

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Brokers that a scenario file names are connected to only with the command
// line's consent. The listener stands in for them: without consent it
// accepts no connection and the error says how to consent; with
// --allow-brokers the engine connects, and since the listener speaks no
// Kafka the run fails without saying how the connection failed.
func TestScenarioBrokersNeedConsent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	file := filepath.Join(t.TempDir(), "k.yaml")
	os.WriteFile(file, []byte(`title: k
source: {subscribers: 10, periods: 1}
engine:
  kafka:
    timeout: 1s
    brokers: ['`+addr+`']
cells:
  - grid: {keys: [record], partitions: [2], engine: kafka}
`), 0o644)

	for _, args := range [][]string{{"results", file}, {"render", "-o", filepath.Join(t.TempDir(), "out"), "--cdn", "https://cdn.invalid/e.js", file}} {
		out, _, err := partlab(t, args...)
		want := file + ":6:14: engine.kafka.brokers: partlab connects to the brokers a scenario names only with the command line's consent: add --allow-brokers to use them, or --brokers host:port,… to use others"
		if err == nil || err.Error() != want || exitCode(err) != 1 || out != "" {
			t.Errorf("%s without consent: error %v (exit %d), stdout %q; want error %q", args[0], err, exitCode(err), out, want)
		}
	}
	if conn := accept(t, ln, 200*time.Millisecond); conn != nil {
		conn.Close()
		t.Fatal("without consent the engine connected to the scenario's brokers")
	}

	done := make(chan error, 1)
	go func() {
		_, _, err := partlab(t, "results", "--allow-brokers", file)
		done <- err
	}()
	conn := accept(t, ln, time.Minute)
	if conn == nil {
		t.Fatal("with --allow-brokers the engine did not connect to the scenario's brokers")
	}
	conn.Close()
	err = <-done
	if want := file + ": kafka engine: could not reach the brokers " + addr; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// accept returns the next connection to ln, or nil if none comes within d.
// d bounds the wait for an event; the test asserts the event, not the time.
func accept(t *testing.T, ln net.Listener, d time.Duration) net.Conn {
	t.Helper()
	ln.(*net.TCPListener).SetDeadline(time.Now().Add(d))
	conn, err := ln.Accept()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return conn
}

// The brokers given with --brokers replace the scenario's and need no other
// consent; the scenario's are never tried.
func TestBrokersFlagReplacesTheScenarios(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	file := filepath.Join(t.TempDir(), "k.yaml")
	os.WriteFile(file, []byte("title: k\nsource: {subscribers: 10, periods: 1}\nengine: {kafka: {brokers: ['"+ln.Addr().String()+"']}}\ncells:\n  - grid: {keys: [record], partitions: [2], engine: kafka}\n"), 0o644)
	other, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	otherAddr := other.Addr().String()
	other.Close() // refuses at once
	_, _, err = partlab(t, "results", "--brokers", otherAddr, file)
	if err == nil || !strings.HasSuffix(err.Error(), "could not reach the brokers "+otherAddr) {
		t.Errorf("error %v, want the --brokers address unreachable", err)
	}
	if conn := accept(t, ln, 200*time.Millisecond); conn != nil {
		conn.Close()
		t.Error("--brokers did not replace the scenario's brokers")
	}
}
