package io.benchlab.lab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.Runs;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** A sweep's table over the set-up, and lab compare --by setup on its files, say the same. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class SweepVerdictsTest {

    static final double[] BASE = {100, 100.4, 99.6, 100.2, 99.8};

    /** Profile durable,relaxed x cache 16MB,512MB x clients 1,8, as lab sweep plans them, baseline first. */
    static final List<String> NAMES = List.of("baseline", "baseline", "cache 512MB", "cache 512MB",
            "profile relaxed", "profile relaxed", "profile relaxed, cache 512MB", "profile relaxed, cache 512MB");
    static final List<Integer> BASELINES = List.of(0, 1, 0, 1, 0, 1, 0, 1);

    static List<RunResult> results(int rounds) {
        double[][] tps = {BASE, BASE, {100.1, 99.9, 100, 100.2, 99.8}, Runs.times(BASE, 0.7), Runs.times(BASE, 1.5),
            {90, 130, 95, 120, 100}, Runs.times(BASE, 1.04), Runs.times(BASE, 2)};
        List<RunResult> all = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            String profile = NAMES.get(i).startsWith("profile") ? "relaxed" : "durable";
            String cache = NAMES.get(i).contains("512MB") ? "512MB" : "16MB";
            all.add(Runs.ofSetup("run" + i, "2026-01-01T00:00:0" + i + "Z", i % 2 == 0 ? 1 : 8, profile,
                    Map.of("cache", cache), java.util.Arrays.copyOf(tps[i], rounds)));
        }
        return all;
    }

    static List<SweepRow> rows(List<RunResult> results, Path dir) throws Exception {
        List<SweepRow> rows = new ArrayList<>();
        for (RunResult r : results) {
            Path file = dir.resolve(r.runId() + ".json");
            ResultJson.writeAtomically(r, file);
            rows.add(new SweepRow(r.engine().name(), r.knobs().clients(), "ok", r, file, true));
        }
        return rows;
    }

    @Test
    void theSweepTableAndCompareBySetupGiveTheSameVerdicts(@TempDir Path dir) throws Exception {
        List<SweepRow> rows = rows(results(5), dir);
        String table = SweepTable.format(rows, new SweepSetups(NAMES, BASELINES, 5), CompareRules.defaults());
        Map<String, String> fromSweep = new TreeMap<>();
        table.lines().skip(1).forEach(l -> fromSweep.put(key(l, 1, 2), verdict(l)));

        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "compare", "--by", "setup", dir.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1); // one set-up regressed
        Map<String, String> fromCompare = new TreeMap<>();
        o.out().lines().skip(1).filter(l -> l.startsWith("hsqldb")).forEach(l -> fromCompare.put(key(l, 2, 1), verdict(l)));

        assertThat(fromSweep).isEqualTo(fromCompare).containsEntry("1 baseline", "baseline")
                .containsEntry("1 cache 512MB", "no change").containsEntry("8 cache 512MB", "regressed")
                .containsEntry("1 profile relaxed", "improved").containsEntry("8 profile relaxed", "inconclusive")
                .containsEntry("8 profile relaxed, cache 512MB", "improved");
        assertThat(table).contains("p50 ms", "vs baseline", "+50.0%").doesNotContain("need 5 rounds");
        assertThat(o.out()).contains("regressed: hsqldb, 8 clients cache 512MB");
    }

    @Test
    void withFewerRoundsTheTableNamesTheSetupsAndSaysWhatTheVerdictsNeed(@TempDir Path dir) throws Exception {
        String table = SweepTable.format(rows(results(3), dir), new SweepSetups(NAMES, BASELINES, 3),
                CompareRules.defaults());
        assertThat(table).contains("profile relaxed, cache 512MB").doesNotContain("vs baseline", "improved");
        assertThat(table.lines().toList()).last().isEqualTo("verdicts against the baseline need 5 rounds a point"
                + " (--rounds 5); this sweep ran 3");
        // A sweep over engines and clients alone keeps its table as it was.
        assertThat(SweepTable.format(rows(results(3), dir))).startsWith("engine  clients  status").doesNotContain("need");
    }

    /** "CLIENTS SETUP": the sweep's setup column is 1, clients 2; compare's the other way round. */
    private static String key(String line, int setup, int clients) {
        String[] cells = line.split(" {2,}");
        return cells[clients].strip() + " " + cells[setup].strip();
    }

    /** The verdict's first words: "inconclusive: about ..." is inconclusive. */
    private static String verdict(String line) {
        for (String v : List.of("baseline", "improved", "regressed", "no change", "inconclusive")) {
            if (line.contains("  " + v)) {
                return v;
            }
        }
        return line;
    }
}
