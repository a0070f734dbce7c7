// Package kafkatest gives tests of the Kafka engine the clusters they need:
// a kfake cluster the test owns, a loopback address that refuses
// connections, and a cluster that refuses to create topics. It is for tests
// only, as net/http/httptest is.
package kafkatest

import (
	"net"
	"testing"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/partlab/partlab/internal/testtool"
)

// Cluster starts a kfake cluster, of one broker unless opts say otherwise,
// closed when the test ends; in -short mode it skips the test (see
// testtool.Slow).
func Cluster(t testing.TB, opts ...kfake.Opt) *kfake.Cluster {
	t.Helper()
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	c, err := kfake.NewCluster(append([]kfake.Opt{kfake.NumBrokers(1)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// ClosedPort returns a loopback host:port on which nothing listens, so that
// connecting to it is refused at once.
func ClosedPort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// FailTopicCreation makes every CreateTopics request to c fail with a policy
// violation and message, as a cluster that forbids creating topics does.
// It answers with an error code rather than closing the connection, which
// is how a real broker refuses.
func FailTopicCreation(c *kfake.Cluster, message string) {
	c.ControlKey(int16(kmsg.CreateTopics), func(kreq kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		req := kreq.(*kmsg.CreateTopicsRequest)
		resp := req.ResponseKind().(*kmsg.CreateTopicsResponse)
		for _, rt := range req.Topics {
			st := kmsg.NewCreateTopicsResponseTopic()
			st.Topic, st.ErrorCode, st.ErrorMessage = rt.Topic, kerr.PolicyViolation.Code, &message
			resp.Topics = append(resp.Topics, st)
		}
		return resp, nil, true
	})
}
