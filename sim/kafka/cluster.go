package kafka

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// A cluster is where one run's topics live: an in-process kfake cluster
// started for the run, or a real one reached through its brokers.
type cluster struct {
	cfg    Config
	name   string // "kfake" or "brokers", as GridObserved.Cluster reports it
	seeds  []string
	fake   *kfake.Cluster // nil on a real cluster
	client *kgo.Client    // the admin connection
	admin  *kadm.Client
	prefix string // partlab-<8 hex digits>: names this run's topics and groups
	// inspect, when set, sees every consumer group's run; tests use it to
	// check what travelled.
	inspect func(topic string, watermarks []int64, r groupRead)
}

// fakeOptions are the in-process cluster's: one broker, and a short
// heartbeat for KIP-848 members, who heartbeat at the interval the broker
// sets (5 s by default), so that a rebalance step settles in milliseconds,
// as the classic members' own short heartbeat lets theirs.
var fakeOptions = []kfake.Opt{
	kfake.NumBrokers(1),
	kfake.BrokerConfigs(map[string]string{"group.consumer.heartbeat.interval.ms": "20"}),
}

// connect starts kfake or reaches the brokers, and fails fast and clearly
// when they cannot be reached.
func connect(ctx context.Context, cfg Config) (*cluster, error) {
	c := &cluster{cfg: cfg, name: "brokers", seeds: cfg.Brokers}
	if len(c.seeds) == 0 {
		fake, err := kfake.NewCluster(fakeOptions...)
		if err != nil {
			return nil, fmt.Errorf("start the in-process kfake cluster: %w", err)
		}
		c.fake, c.name, c.seeds = fake, "kfake", fake.ListenAddrs()
	}
	var err error
	if c.client, err = kgo.NewClient(c.opts()...); err != nil {
		c.close()
		return nil, err
	}
	c.admin = kadm.NewClient(c.client)
	pctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	if err := c.client.Ping(pctx); err != nil {
		c.close()
		return nil, &unreachable{brokers: c.seeds, err: c.deadline(err)}
	}
	var id [4]byte
	rand.Read(id[:])
	c.prefix = "partlab-" + hex.EncodeToString(id[:])
	return c, nil
}

// unreachable says which brokers could not be reached, and nothing more:
// telling a refused connection from a timeout would let a scenario file
// probe the network of the machine that renders it. The cause stays
// available to errors.Is and errors.As.
type unreachable struct {
	brokers []string
	err     error
}

func (u *unreachable) Error() string {
	return "could not reach the brokers " + strings.Join(u.brokers, ",")
}

func (u *unreachable) Unwrap() error { return u.err }

// opts are the options every client of the run starts from.
func (c *cluster) opts(more ...kgo.Opt) []kgo.Opt {
	return append([]kgo.Opt{kgo.SeedBrokers(c.seeds...), kgo.ClientID("partlab")}, more...)
}

func (c *cluster) close() {
	if c.client != nil {
		c.client.Close()
	}
	if c.fake != nil {
		c.fake.Close()
	}
}

// deadline says which timeout expired when err is a context deadline.
func (c *cluster) deadline(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v (the timeout): %w", c.cfg.Timeout, err)
	}
	return err
}

// cleanup returns a context for removing what the run made: it outlives a
// cancelled or expired run, and has its own timeout.
func (c *cluster) cleanup(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), c.cfg.Timeout)
}

// createTopic creates a topic with the brokers' default replication and
// waits until its partitions are all known, so that producers see them all.
func (c *cluster) createTopic(ctx context.Context, topic string, partitions int) error {
	r, err := c.admin.CreateTopic(ctx, int32(partitions), -1, nil, topic)
	if err != nil {
		if r.ErrMessage != "" {
			err = fmt.Errorf("%w (%s)", err, r.ErrMessage)
		}
		return fmt.Errorf("create topic %q with %d partitions: %w", topic, partitions, c.deadline(err))
	}
	for {
		td, err := c.admin.ListTopics(ctx, topic)
		if err == nil && td[topic].Err == nil && len(td[topic].Partitions) == partitions {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("topic %q was created but its %d partitions never all appeared: %w", topic, partitions, c.deadline(ctx.Err()))
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// deleteTopic removes a topic the run tried to create; one that does not
// exist is not an error.
func (c *cluster) deleteTopic(ctx context.Context, topic string) error {
	ctx, cancel := c.cleanup(ctx)
	defer cancel()
	_, err := c.admin.DeleteTopic(ctx, topic)
	if err != nil && !errors.Is(err, kerr.UnknownTopicOrPartition) {
		return fmt.Errorf("delete topic %q (it may be left behind): %w", topic, c.deadline(err))
	}
	return nil
}

// removeGroup takes a group's static members out and deletes the group:
// static members do not leave when their client closes.
func (c *cluster) removeGroup(ctx context.Context, group string, instances []string) error {
	ctx, cancel := c.cleanup(ctx)
	defer cancel()
	if len(instances) > 0 {
		left, err := c.admin.LeaveGroup(ctx, kadm.LeaveGroup(group).InstanceIDs(instances...))
		if err == nil {
			err = left.Error()
		}
		if err != nil && !errors.Is(err, kerr.UnknownMemberID) {
			return fmt.Errorf("remove the members of group %q: %w", group, c.deadline(err))
		}
	}
	if _, err := c.admin.DeleteGroup(ctx, group); err != nil && !errors.Is(err, kerr.GroupIDNotFound) {
		return fmt.Errorf("delete group %q: %w", group, c.deadline(err))
	}
	return nil
}

// watermarks returns the high watermark of each partition of a topic.
func (c *cluster) watermarks(ctx context.Context, topic string, partitions int) ([]int64, error) {
	listed, err := c.admin.ListEndOffsets(ctx, topic)
	if err == nil {
		err = listed.Error()
	}
	if err != nil {
		return nil, fmt.Errorf("list the end offsets of topic %q: %w", topic, c.deadline(err))
	}
	hwm := make([]int64, partitions)
	for p := range hwm {
		o, ok := listed.Lookup(topic, int32(p))
		if !ok {
			return nil, fmt.Errorf("topic %q has no end offset for partition %d", topic, p)
		}
		hwm[p] = o.Offset
	}
	return hwm, nil
}
