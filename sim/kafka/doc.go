// Package kafka runs a grid's combinations on a real Kafka protocol, so that
// a report can show that what the simulation teaches is what Kafka does. It is
// not a Kafka benchmark, a load generator or a way to inspect a cluster: it
// writes a few thousand records, reads them back and removes what it made.
//
// The client is franz-go (kgo for producing and consuming, kadm for topics
// and groups). Run is the one entry point: it starts one in-process kfake
// cluster for the run, whatever the kinds of cell on it, and closes it
// afterwards, so nothing needs installing; Config.Brokers points it at a real
// cluster instead. Each kind that runs on Kafka has a runner in its own file
// (run.go for grids, keyless.go, rebalance.go, lag.go), listed by one line in
// the runners table; what a runner returns is the cell's sim.Computed.Kafka.
//
// # One combination
//
// For each key and partition count of a grid, the engine creates a topic with that
// many partitions and produces the source's readings to it in the lesson's
// write order (DI18), the combination's key as the record key and the
// reading itself (subscriber, period, meter index) as the record value. The
// topic is then read once per consumer count: that many consumers join one
// consumer group whose balancer is the grid's assignor; once every member is
// in the same generation and every partition has exactly one owner, each
// consumer reads its partitions from offset 0 to the high watermark. From the
// records it fetched, each consumer rebuilds the logs of its own partitions in
// offset order, and sim's Data.Observe computes the row from those logs, per
// partition as DI22 says, with code that shares nothing with the
// simulation's placement. Equal rows are evidence, not a tautology.
//
// The engine checks as it goes that the records really travelled: the high
// watermarks add up to the readings produced, every consumer fetched each of
// its partitions at offsets 0…n-1 in order and nothing else, and the group
// did not rebalance while it read. Any failure is an error, never a row.
//
// # Mapping the grid onto Kafka
//
//   - Partitioner murmur2 is the client's own Kafka-compatible key
//     partitioner, kgo.StickyKeyPartitioner(nil); lesson and crc32 are
//     kgo.Partitioners that call the simulation's functions.
//   - Key none produces records without a key, which the client's sticky
//     partitioner sends to one random partition per batch. The simulation
//     deals keyless records round robin instead, so keyless rows are expected
//     to differ; their GridObservedRow.Reason says so.
//   - Assignor range is kgo.RangeBalancer() and roundrobin is
//     kgo.RoundRobinBalancer(), Kafka's RangeAssignor and RoundRobinAssignor.
//   - Consumer c has the static instance ID c0000, c0001, …: the balancers
//     order members by instance ID, so consumer c owns what the simulation's
//     assignor gives consumer c, and its load lines up with the simulation's.
//
// # Rebalances
//
// A rebalance cell's steps run with real group members, one
// consumer group per protocol: a join starts a client, a leave closes it,
// and after each step the engine waits until the broker and the members'
// own callbacks agree on who owns what. The moved and revoked counts the
// callbacks give are put beside sim.Rebalanced from the same start, the
// members in the order of their member ids, which is the order the
// balancers use; KIP-848 clients draw theirs at random.
//
// # Lag
//
// A lag cell's steps run with a real consumer group, one group per
// consumer count, driven by the steps rather than by a clock: each step
// the producer writes the step's records (partition by partition, as
// sim.Lag.Split says) and waits for the broker's acknowledgement, each
// consumer polls at most its per-step budget or up to the high watermarks
// and commits, and each partition's lag is the high watermark less the
// committed offset, as kadm and Kafka's own tools count it. The measure
// engine's virtual clock cannot drive this: inside a testing/synctest
// bubble kfake starts and answers, but its connection goroutines and the
// client's wait in network reads, which are not durably blocking, so the
// bubble never idles and its fake clock never moves (the first sleep
// never returns). A step is a round of requests instead, which makes the
// run deterministic without a clock.
//
// What a real group must match is compared exactly: the assignment, idle
// consumers, and the records behind after every step. How a consumer of
// several partitions splits its reads is the fetch's: franz-go returns a
// partition's batch whole, one partition after another, so there each
// partition's lag, the largest and the drain are listed beside the model's.
//
// # Names, time and cleanup
//
// A run's topics and groups share a unique prefix, partlab-<8 hex digits>,
// followed by the grid's id, the key and the counts:
// partlab-1f2e3d4c-keys-subscriber-p4 and its group …-p4-c4. Every topic is
// deleted when its combinations are done, also when they fail, and every
// group is left and deleted. Each step (reaching the brokers, creating and
// filling a topic, one consumer group's run) must finish within
// Config.Timeout, 30 s by default, or the run stops with an error that says
// which step did not finish.
package kafka
