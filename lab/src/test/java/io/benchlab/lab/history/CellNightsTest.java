package io.benchlab.lab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.compare.Metric;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Environment;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cell's runs as nights: one cell and one node only, each night its rounds, and what it ran with. */
class CellNightsTest {

    private static RunResult run(String id, int scale, String version, String bootId, Map<String, String> settings,
                                 double... tps) {
        Knobs knobs = KnobCodec.knobs(new TestWorkload().scale(scale).clients(8).duration(Duration.ofSeconds(5))
                .warmup(Duration.ofSeconds(5)).rounds(tps.length).seed(7).build());
        List<Round> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            rounds.add(new Round(i + 1, new Figures(5, (long) (tps[i] * 5), 0, 0, 0, tps[i], Map.of(), null, null,
                    Map.of(), null, null)));
        }
        Environment env = new Environment("0.1.0", "sha-" + id, "jvm", "vendor", "Linux 6.1", "amd64", "cpu", 2,
                1L << 30, "host", List.of(), null, null, "6.1", bootId, "none");
        return new RunResult(RunResult.SCHEMA_VERSION, id, Status.OK, null, List.of(),
                new Timestamps("2026-11-0" + id.charAt(id.length() - 1) + "T02:00:00Z", null,
                        "2026-11-0" + id.charAt(id.length() - 1) + "T02:01:00Z"),
                knobs, new EngineInfo("postgres", "durable", "PostgreSQL", version, "42.7", null, settings), env,
                Placement.of("external"), null, null, rounds.get(0).figures(), rounds, List.of(), null, null);
    }

    @Test
    void eachRunIsANightOfItsRoundsWithWhatItRanWith() {
        List<Night> nights = CellNights.of(List.of(run("r1", 10, "15.8", "b", Map.of("fsync", "on"), 100, 110),
                run("r2", 10, "15.9", "b", Map.of("fsync", "off"), 90, 95)), Metric.TPS, false);
        assertThat(nights).hasSize(2);
        assertThat(nights.get(1).rounds()).containsExactly(90, 95);
        assertThat(nights.get(1).time()).isEqualTo("2026-11-02T02:01:00Z");
        assertThat(nights.get(1).runId()).isEqualTo("r2");
        assertThat(History.differs(nights.get(0).provenance(), nights.get(1).provenance()))
                .containsExactly("engine version 15.8 -> 15.9", "lab git sha sha-r1 -> sha-r2", "setting fsync on -> off");
    }

    @Test
    void runsOfTwoCellsAreRefusedNamingWhatDiffers() {
        List<RunResult> runs = List.of(run("r1", 10, "15.8", "b", Map.of(), 100), run("r2", 1, "15.8", "b", Map.of(), 100));
        assertThatThrownBy(() -> CellNights.of(runs, Metric.TPS, false)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("the runs are of more than one cell: r1 and r2 differ in scale 10 vs 1");
    }

    @Test
    void runsOfTwoNodesAreRefusedUnlessAllowed() {
        List<RunResult> runs = List.of(run("r1", 10, "15.8", "boot-a", Map.of(), 100),
                run("r2", 10, "15.8", "boot-b", Map.of(), 100));
        assertThatThrownBy(() -> CellNights.of(runs, Metric.TPS, false)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("r1 and r2 differ in boot id boot-a vs boot-b (--allow-node-change");
        List<Night> allowed = CellNights.of(runs, Metric.TPS, true);
        assertThat(History.differs(allowed.get(0).provenance(), allowed.get(1).provenance()))
                .contains("node boot id boot-a -> boot-b");
    }
}
