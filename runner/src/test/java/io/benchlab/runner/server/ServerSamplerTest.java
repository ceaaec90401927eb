package io.benchlab.runner.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.core.ContainerStats;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.engine.ServerProbe;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.RunEvent;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.nio.file.Path;
import java.time.Instant;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sampler against an in-process H2 whose "statistics" the test moves itself: a counter is a
 * table's row count, the waits are rows of a table. The events come as the collector sends them.
 */
class ServerSamplerTest {

    private static final ServerProbe PROBE = new ServerProbe("test tables",
            List.of(new ServerProbe.Counters(null, "SELECT COUNT(*) AS ROWS_SEEN, 7 AS STILL FROM done", ServerProbe.Shape.COLUMNS),
                    new ServerProbe.Counters("SELECT FALSE", "SELECT 1 AS NEVER", ServerProbe.Shape.COLUMNS)),
            "SELECT label, n FROM waiting", Duration.ofMillis(100));

    private Connection setup;
    private Connection sampling;
    private final List<ServerStats.Interval> downstream = new CopyOnWriteArrayList<>();
    private final ResultSink sink = new ResultSink() {
        @Override
        public void onServerInterval(ServerStats.Interval interval) {
            downstream.add(interval);
        }
    };

    @BeforeEach
    void database() throws SQLException {
        String url = "jdbc:h2:mem:sampler" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        setup = DriverManager.getConnection(url);
        sampling = DriverManager.getConnection(url);
        sql("CREATE TABLE done (id INT)");
        sql("CREATE TABLE waiting (label VARCHAR(40), n INT)");
        sql("INSERT INTO waiting VALUES ('CPU:running', 2), ('Lock:tuple', 1)");
    }

    @AfterEach
    void close() throws SQLException {
        setup.close();
    }

    @Test
    void eachMeasuredIntervalGetsTheCountersDeltasAndTheAveragedWaitsUnderItsRoundAndT() throws Exception {
        ServerSampler sampler = start();
        sampler.onEvent(event(RunEvent.Kind.WARMUP, 0));
        sampler.onInterval(Phase.WARMUP, point(1, 0.5));
        begin(sampler, 1);
        insert(5);
        awaitWaitSample(sampler);
        interval(sampler, 1, 1.0, 1);
        insert(3);
        awaitWaitSample(sampler);
        interval(sampler, 1, 2.0, 2);
        sampler.onEvent(event(RunEvent.Kind.END, 1));
        insert(100); // between rounds: not in any interval
        begin(sampler, 2);
        insert(4);
        awaitWaitSample(sampler);
        interval(sampler, 2, 1.0, 3);
        ServerStats stats = sampler.finish();

        assertThat(stats.intervals()).extracting(ServerStats.Interval::round, ServerStats.Interval::t)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 1.0), org.assertj.core.groups.Tuple.tuple(1, 2.0),
                        org.assertj.core.groups.Tuple.tuple(2, 1.0));
        assertThat(stats.intervals()).extracting(i -> i.counters())
                .containsExactly(Map.of("rows_seen", 5L, "still", 0L), Map.of("rows_seen", 3L, "still", 0L),
                        Map.of("rows_seen", 4L, "still", 0L));
        assertThat(stats.intervals()).allSatisfy(i ->
                assertThat(i.waits()).isEqualTo(Map.of("CPU:running", 2.0, "Lock:tuple", 1.0)));
        assertThat(downstream).as("each interval went to the sinks too").isEqualTo(stats.intervals());
        assertThat(stats.note()).isNull();
        assertThat(stats.sources()).isEqualTo("test tables");
        // The false onIf was asked at set-up; each round's baseline and each interval read one query.
        assertThat(stats.reads()).isGreaterThanOrEqualTo(5 + 3);
        assertThat(sampling.isClosed()).as("finish closes its connection").isTrue();
    }

    /**
     * The warm-up is read as the measured phase will be (the counters at each interval's end, the
     * waits in between), so that its code is compiled by the measured start; and all of it is
     * thrown away: the first measured interval holds only what came after the measured start.
     */
    @Test
    void theWarmUpIsReadAndCountedButNothingOfItIsKept() throws Exception {
        try (UsageServer usage = new UsageServer(Integer.MAX_VALUE)) {
            ServerSampler sampler = start(ContainerSources.parse(usage.url(), Path.of("unused")));
            sql("INSERT INTO waiting VALUES ('IO:DataFileRead', 9)");
            sampler.onEvent(event(RunEvent.Kind.WARMUP, 0));
            insert(7);
            awaitWaitSample(sampler);
            sampler.onInterval(Phase.WARMUP, point(0, 0.5));
            await(() -> usage.served().size() == 3);
            assertThat(usage.served()).as("the container's usage: at start-up, the warm-up's start and its interval")
                    .hasSize(3);
            long warmReads = sampler.reads();
            assertThat(warmReads).as("the counters at the warm-up's start and at its interval's end")
                    .isGreaterThanOrEqualTo(2);
            sql("DELETE FROM waiting WHERE label = 'IO:DataFileRead'");
            begin(sampler, 1);
            insert(5);
            awaitWaitSample(sampler);
            interval(sampler, 1, 1.0, 1);
            ServerStats stats = sampler.finish();

            assertThat(stats.intervals()).singleElement().satisfies(i -> {
                assertThat(i.round()).isEqualTo(1);
                assertThat(i.counters()).as("the warm-up's rows are not in it").containsEntry("rows_seen", 5L);
                assertThat(i.waits()).as("nor its waits").isEqualTo(Map.of("CPU:running", 2.0, "Lock:tuple", 1.0));
            });
            assertThat(downstream).isEqualTo(stats.intervals());
            assertThat(stats.reads()).as("the warm-up's statements count: the closure subtracts them")
                    .isGreaterThan(warmReads);
            assertThat(stats.note()).isNull();
        }
    }

    @Test
    void aCounterThatWentBackIsLeftOutAndSaid() throws Exception {
        ServerSampler sampler = start();
        insert(5);
        begin(sampler, 1);
        sql("DELETE FROM done");
        sampler.onInterval(Phase.MEASURED, point(1, 1.0));
        ServerStats stats = sampler.finish();
        assertThat(stats.intervals()).singleElement().satisfies(i -> assertThat(i.counters()).isEqualTo(Map.of("still", 0L)));
        assertThat(stats.note()).isEqualTo("counters went back in round 1 at t 1.0 (a server restart or a statistics"
                + " reset): rows_seen");
    }

    @Test
    void aReadThatFailsEndsTheSamplingWithANoteNotTheRun() throws Exception {
        ServerSampler sampler = start();
        begin(sampler, 1);
        interval(sampler, 1, 1.0, 1);
        sql("DROP TABLE done");
        sampler.onInterval(Phase.MEASURED, point(1, 2.0));
        ServerStats stats = sampler.finish();
        assertThat(stats.intervals()).hasSize(1);
        assertThat(stats.note()).startsWith("the server's statistics could not be read after 1 intervals: ")
                .contains("DONE");
    }

    @Test
    void theContainersUsageIsReadWithTheCountersAndItsDeltasAreWhatTheSourceServed() throws Exception {
        try (UsageServer usage = new UsageServer(Integer.MAX_VALUE)) {
            ServerSampler sampler = start(ContainerSources.parse(usage.url(), Path.of("unused")));
            assertThat(usage.served()).as("the first read is made before the sampler is handed back, before the"
                    + " clients take the CPU").hasSize(1);
            begin(sampler, 1);
            insert(5);
            interval(sampler, 1, 1.0, 1);
            burnCpu();
            interval(sampler, 1, 2.0, 2);
            ServerStats stats = sampler.finish();

            // The first read at the sampler's start, the round's baseline, then one per interval.
            List<ObjectNode> served = usage.served();
            assertThat(served).hasSize(4);
            for (int k = 0; k < 2; k++) {
                ServerStats.Container c = stats.intervals().get(k).container();
                ObjectNode before = served.get(k + 1);
                ObjectNode after = served.get(k + 2);
                assertThat(c.cpuSeconds()).isEqualTo(
                        Math.round((after.get("cpu_ns").asLong() - before.get("cpu_ns").asLong()) / 1e6) / 1e3);
                assertThat(c.memoryBytes()).isEqualTo(after.get("memory_bytes").asLong());
                assertThat(c.netRxBytes()).isEqualTo(1000L);
                assertThat(c.ioReadBytes()).as("not served, not made up").isNull();
                assertThat(c.netTxBytes()).isNull();
                assertThat(c.seconds()).isPositive();
            }
            assertThat(stats.intervals().get(1).container().cpuSeconds()).as("the CPU burnt between the reads")
                    .isGreaterThanOrEqualTo(0.05);
            assertThat(stats.intervals().get(0).counters()).containsEntry("rows_seen", 5L);
            assertThat(stats.sources()).isEqualTo("test tables; " + UsageServer.SOURCE);
            assertThat(stats.note()).isNull();
        }
    }

    @Test
    void aContainerSourceThatFailsEndsItsSeriesWithANoteAndTheServersGoesOn() throws Exception {
        try (UsageServer usage = new UsageServer(3)) {
            ServerSampler sampler = start(ContainerSources.parse(usage.url(), Path.of("unused")));
            begin(sampler, 1);
            interval(sampler, 1, 1.0, 1);
            insert(2);
            interval(sampler, 1, 2.0, 2);
            insert(3);
            interval(sampler, 1, 3.0, 3);
            ServerStats stats = sampler.finish();
            assertThat(stats.intervals()).extracting(i -> i.container() != null).containsExactly(true, false, false);
            assertThat(stats.intervals()).extracting(i -> i.counters().get("rows_seen")).containsExactly(0L, 2L, 3L);
            assertThat(stats.note()).isEqualTo("the database container's usage (" + UsageServer.SOURCE + ") could not"
                    + " be read after 1 intervals: 127.0.0.1:" + usage.url().replaceAll(".*:(\\d+)/.*", "$1")
                    + "/usage answered HTTP 503 (no stats now)");
            assertThat(usage.served()).as("a source that failed is not asked again").hasSize(3);
        }
    }

    private ServerSampler start() throws SQLException {
        return start(null);
    }

    private ServerSampler start(ContainerStats container) throws SQLException {
        return ServerSampler.started(PROBE, sampling, PROBE.applicable(sampling), sink, Secret.NONE, container);
    }

    /** At least 50 ms of this thread's CPU time. */
    private static void burnCpu() {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 50_000_000L;
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            x += Long.numberOfTrailingZeros(System.nanoTime());
        }
        assertThat(x).isNotNegative();
    }

    /** A round's measured start, once the sampler has read its baseline. */
    private static void begin(ServerSampler sampler, int round) throws InterruptedException {
        int before = sampler.baselines();
        sampler.onEvent(event(RunEvent.Kind.MEASURED, round));
        await(() -> sampler.baselines() > before);
    }

    /** An interval's end, once the sampler has handed it on as the N-th. */
    private void interval(ServerSampler sampler, int round, double t, int n) throws InterruptedException {
        sampler.onInterval(Phase.MEASURED, point(round, t));
        await(() -> downstream.size() >= n);
    }

    /** Until the sampler has read the waits once more: its only reads while no event is queued. */
    private static void awaitWaitSample(ServerSampler sampler) throws InterruptedException {
        long before = sampler.reads();
        await(() -> sampler.reads() > before);
    }

    /** Polls for CONDITION for 10 s at most; the assertions that follow say what did not happen. */
    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    private void insert(int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            sql("INSERT INTO done VALUES (" + i + ")");
        }
    }

    private void sql(String sql) throws SQLException {
        try (Statement s = setup.createStatement()) {
            s.execute(sql);
        }
    }

    private static RunEvent event(RunEvent.Kind kind, int round) {
        return new RunEvent(kind, round, Instant.now());
    }

    private static IntervalPoint point(int round, double t) {
        return IntervalPoint.of(round, t, 1.0).committed(10).tps(10.0).latencyMs(1, 1, 1, 1, 1, 1).build();
    }
}
