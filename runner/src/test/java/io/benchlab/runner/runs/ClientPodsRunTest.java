package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.PodSplit;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.pods.PodMerge;
import io.benchlab.runner.pods.PodRuns;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Client pods as threads against one in-process H2 database: they split the clients, meet in the
 * database before each round, and their results merge into one whose counts, tps and percentiles
 * are exactly those of the pods together.
 */
class ClientPodsRunTest {

    private final Target target = EmbeddedRuns.target("h2");

    @AfterEach
    void dispose() {
        EmbeddedRuns.dispose(target);
    }

    @Test
    void threePodsOfFiveClientsOverTwoRoundsMergeExactly() throws Exception {
        WorkloadConfig config = EmbeddedRuns.config().clients(5).duration(Duration.ofSeconds(1)).rounds(2).build();
        List<RunResult> pods = PodRuns.run(target, config, "pods-h2-3", 3);
        for (RunResult pod : pods) {
            EmbeddedRuns.assertValid(pod);
            assertThat(pod.status()).as("pod status; cause %s", pod.cause()).isEqualTo(Status.OK);
            assertThat(pod.rounds()).hasSize(2);
        }
        assertThat(pods).extracting(r -> r.placement().clientPods().pods().get(0).clients()).containsExactly(2, 2, 1);
        assertThat(pods.get(0).load()).as("pod 0 loads").isNotNull();
        assertThat(pods.get(1).load()).as("the others do not").isNull();
        assertThat(pods.get(1).consistency().message()).startsWith("checked once for all 3 client pods, by pod 0: sums match");

        RunResult merged = PodMerge.merge(List.of(pods.get(2), pods.get(0), pods.get(1)));
        EmbeddedRuns.assertValid(merged);
        assertThat(merged.status()).isEqualTo(Status.OK);
        assertThat(merged.knobs().clients()).isEqualTo(5);
        PodRuns.assertMergedExactly(merged, pods);
        System.out.println("[client pods] " + merged.placement().clientPods().pods().stream()
                .map(p -> p.index() + ": " + p.clients() + " clients, " + p.tps() + " tps from " + p.measuredStart())
                .toList() + "; merged " + merged.figures().tps() + " tps, skew "
                + merged.placement().clientPods().startSkewMs() + " ms");
        assertThat(merged.consistency().historyRowsAdded()).isEqualTo(merged.consistency().committedTotal());
        for (int round = 0; round < 2; round++) {
            int r = round;
            assertThat(merged.rounds().get(r).figures().committed())
                    .isEqualTo(pods.stream().mapToLong(p -> p.rounds().get(r).figures().committed()).sum());
        }
        assertThat(merged.intervals().stream().mapToLong(i -> i.committed()).sum()).isEqualTo(merged.figures().committed());
    }

    /**
     * The barrier, shown without a clock's bound: a pod begun 3 s after the others (their warm-up
     * is 0.5 s) holds back every pod's measured start, so none can start before it began. How close
     * together the pods then start is bench pod_skew's to measure, on a quiet box.
     */
    @Test
    void aLatePodHoldsBackEveryPodsMeasuredStart() throws Exception {
        WorkloadConfig config = EmbeddedRuns.config().clients(3).build();
        PodRuns.LateRun run = PodRuns.runWithTheLastLate(target, config, "pods-h2-late", 3, Duration.ofSeconds(3));
        RunResult merged = PodMerge.merge(run.pods());
        assertThat(merged.status()).as(merged.cause()).isEqualTo(Status.OK);
        assertThat(merged.placement().clientPods().pods()).allSatisfy(p -> assertThat(Instant.parse(p.measuredStart()))
                .as("pod %d's measured start", p.index()).isAfter(run.lastBegan()));
        PodRuns.assertMergedExactly(merged, run.pods());
    }

    @Test
    void whenTheLeaderCannotGoOnTheOthersSayWhyAtOnce() throws Exception {
        WorkloadConfig config = EmbeddedRuns.config().clients(2).build();
        PodRuns.run(target, config, "pods-h2-load", 1);
        try (Connection c = target.connect(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE branches SET bbalance = bbalance + 1 WHERE bid = 1");
        }
        long t0 = System.nanoTime();
        List<RunResult> pods = PodRuns.run(target, EmbeddedRuns.config().clients(2).init(false).build(), "pods-h2-bad", 2);
        assertThat((System.nanoTime() - t0) / 1e9).as("seconds until both ended").isLessThan(30);
        assertThat(pods.get(0).status()).isEqualTo(Status.FAILED);
        assertThat(pods.get(0).cause()).contains("inconsistent before the run");
        assertThat(pods.get(1).status()).isEqualTo(Status.FAILED);
        assertThat(pods.get(1).cause()).startsWith("wait for client pod 0's load: client pod 0 gave up: before-run check:"
                + " the database is inconsistent before the run");
        RunResult merged = PodMerge.merge(pods);
        assertThat(merged.status()).isEqualTo(Status.FAILED);
        assertThat(merged.cause()).startsWith("client pod 0: before-run check");
    }

    @Test
    void histogramsOfOtherSettingsAreNotMerged() throws Exception {
        List<RunResult> pods = new ArrayList<>(PodRuns.run(target, EmbeddedRuns.config().clients(2).build(), "pods-h2-hist", 2));
        RunResult other = pods.get(1);
        PodSplit.Pod own = other.placement().clientPods().pods().get(0);
        Histogram coarse = new Histogram(Duration.ofHours(1).toNanos(), 2);
        coarse.recordValue(1_000_000);
        PodSplit.Pod changed = new PodSplit.Pod(own.index(), own.clients(), null, null, own.measuredStart(),
                own.measuredSeconds(), own.committed(), own.tps(), own.p99Ms(), LatencySummary.encode(coarse));
        pods.set(1, other.withPlacement(other.placement().withClientPods(new PodSplit(2, null, null, List.of(changed)))));
        assertThatThrownBy(() -> PodMerge.merge(pods)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("client pod 1's histogram has other settings").hasMessageContaining("2 digits");
        assertThatThrownBy(() -> PodMerge.merge(List.of(pods.get(0)))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not those of client pods 0 to 0");
    }

    @Test
    void autocommitIsNotSplit() {
        assertThatThrownBy(() -> PodRuns.run(target, EmbeddedRuns.config().clients(2).autocommit(true).build(), "x", 2))
                .hasRootCauseInstanceOf(BadInputException.class).rootCause().hasMessageStartingWith("--autocommit cannot be split");
    }
}
