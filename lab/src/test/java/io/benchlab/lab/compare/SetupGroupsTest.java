package io.benchlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Storage;
import io.benchlab.runner.core.BadInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** lab compare --by setup: groups by set-up, names each by what differs, judges each against its baseline. */
class SetupGroupsTest {

    static final double[] BASE = {100, 100.4, 99.6, 100.2, 99.8};
    static final double[] FASTER = Runs.times(BASE, 1.5);
    static final double[] SAME = {100.1, 99.9, 100, 100.2, 99.8};

    static List<RunResult> sweep() {
        return List.of(
                Runs.ofSetup("a", "2026-01-01T00:00:01Z", 1, "durable", Map.of("cache", "16MB"), BASE),
                Runs.ofSetup("b", "2026-01-01T00:00:02Z", 8, "durable", Map.of("cache", "16MB"), BASE),
                Runs.ofSetup("c", "2026-01-01T00:00:03Z", 1, "durable", Map.of("cache", "512MB"), SAME),
                Runs.ofSetup("d", "2026-01-01T00:00:04Z", 8, "durable", Map.of("cache", "512MB"), Runs.times(BASE, 0.7)),
                Runs.ofSetup("e", "2026-01-01T00:00:05Z", 1, "relaxed", Map.of("cache", "16MB"), FASTER),
                Runs.ofSetup("f", "2026-01-01T00:00:06Z", 8, "relaxed", Map.of("cache", "16MB"), FASTER));
    }

    @Test
    void eachSetupIsJudgedAgainstTheEarliestRunsSetupAtItsEngineAndClients() {
        List<SetupGroups.Group> groups = SetupGroups.judge(sweep(), Map.of(), CompareRules.defaults());
        assertThat(groups).extracting(g -> g.key().clients() + " " + g.name() + ": "
                        + (g.verdict() == null ? "-" : g.verdict().verdict().label()))
                .containsExactly("1 baseline: -", "1 cache 512MB: no change", "1 profile relaxed: improved",
                        "8 baseline: -", "8 cache 512MB: regressed", "8 profile relaxed: improved");
    }

    @Test
    void theBaselineCanBeNamedByAPartOfTheSetup() {
        List<SetupGroups.Group> groups = SetupGroups.judge(sweep(), SetupGroups.baselineParts(List.of("profile=relaxed")),
                CompareRules.defaults());
        assertThat(groups).extracting(SetupGroups.Group::name).containsExactly("baseline", "profile durable",
                "profile durable, cache 512MB", "baseline", "profile durable", "profile durable, cache 512MB");
        assertThat(groups.get(1).verdict().verdict()).isEqualTo(Verdict.REGRESSED);
        assertThatThrownBy(() -> SetupGroups.judge(sweep(), Map.of("cache", "1GB"), CompareRules.defaults()))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--baseline cache=1GB: no set-up at"
                        + " hsqldb, 1 client has it");
        assertThatThrownBy(() -> SetupGroups.baselineParts(List.of("profile")))
                .hasMessageStartingWith("--baseline profile: give KEY=VALUE");
    }

    @Test
    void runsOfOneSetupMakeOneSideAndOldResultsOneSetup() {
        // Results without a setup section (before --db-set) of one engine and profile are one set-up.
        List<RunResult> old = List.of(Runs.ofSetup("x1", "2025-01-01T00:00:01Z", 4, "memory", Map.of(), BASE),
                Runs.ofSetup("x2", "2025-01-01T00:00:02Z", 4, "memory", Map.of(), SAME));
        List<SetupGroups.Group> groups = SetupGroups.judge(old, Map.of(), CompareRules.defaults());
        assertThat(groups).singleElement().satisfies(g -> {
            assertThat(g.runs()).hasSize(2);
            assertThat(g.name()).isEqualTo("baseline");
        });
    }

    @Test
    void aSetupIsNamedByWhatDiffersFromTheBaseline() {
        SetupKey base = new SetupKey("postgres", "17.6", "durable", Map.of("shared_buffers", "16MB"), "container", 8);
        SetupKey other = new SetupKey("postgres", "16.10", "relaxed", Map.of("work_mem", "4MB"), "tmpfs", 8);
        assertThat(other.nameAgainst(base)).isEqualTo("profile relaxed, shared_buffers unset, work_mem 4MB,"
                + " version 16.10, storage tmpfs");
        assertThat(base.nameAgainst(base)).isEqualTo("baseline");
        assertThat(SetupKey.version("17.6 (Debian 17.6-1.pgdg120+1)")).isEqualTo("17.6");
        assertThat(SetupKey.storage(Storage.of("tmpfs", 512L << 20))).isEqualTo("tmpfs:512m");
        RunResult r = Runs.ofSetup("r", "2026-01-01T00:00:01Z", 2, "memory", Map.of("k", "v"), BASE);
        assertThat(SetupKey.of(r)).isEqualTo(new SetupKey("hsqldb", "2.7.4", "memory", Map.of("k", "v"), null, 2));
        assertThat(Placement.of("embedded").database()).isNull();
    }
}
