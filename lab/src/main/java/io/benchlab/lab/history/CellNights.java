package io.benchlab.lab.history;

import io.benchlab.lab.compare.Differences;
import io.benchlab.lab.compare.Metric;
import io.benchlab.results.NodeFingerprint;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cell's history from its runs (read from InfluxDB): one night per run, its rounds' values of
 * the metric, and its provenance. The runs must be of one cell (see {@link Differences#cell}) and,
 * unless allowed, of one node fingerprint; a refusal names what differs and between which runs.
 */
public final class CellNights {

    private CellNights() {
    }

    public static List<Night> of(List<RunResult> runs, Metric metric, boolean allowNodeChange) {
        for (int i = 1; i < runs.size(); i++) {
            RunResult a = runs.get(0);
            RunResult b = runs.get(i);
            List<String> cell = Differences.cell(a, b);
            if (!cell.isEmpty()) {
                throw new BadInputException("the runs are of more than one cell: " + a.runId() + " and " + b.runId()
                        + " differ in " + Differences.join(cell) + " (narrow the selection: --profile, --clients,"
                        + " --backend)");
            }
            List<String> nodes = NodeFingerprint.of(runs.get(i - 1)).differences(NodeFingerprint.of(b));
            if (!nodes.isEmpty() && !allowNodeChange) {
                throw new BadInputException("the runs ran on other nodes: " + runs.get(i - 1).runId() + " and "
                        + b.runId() + " differ in " + Differences.join(nodes)
                        + " (--allow-node-change judges them as one history)");
            }
        }
        return runs.stream().map(r -> night(r, metric)).filter(n -> n.rounds().length > 0).toList();
    }

    static Night night(RunResult r, Metric metric) {
        double[] rounds = r.rounds().stream().map(Round::figures).mapToDouble(metric::of)
                .filter(x -> !Double.isNaN(x)).toArray();
        String finished = r.timestamps() == null ? null : r.timestamps().finished();
        Instant at = finished == null ? Instant.EPOCH : Instant.parse(finished);
        return new Night(at.toString(), at, rounds, provenance(r), r.runId());
    }

    /** What the run ran with that may explain a change point. */
    static Map<String, String> provenance(RunResult r) {
        Map<String, String> p = new LinkedHashMap<>();
        put(p, "engine version", r.engine().version());
        if (r.placement() != null) {
            put(p, "database image", Placement.imageReference(r.placement().database()));
            put(p, "runner image", Placement.imageReference(r.placement().runner()));
        }
        Set<String> instance = Engines.find(r.engine().name()).map(Engine::instanceSettings).orElse(Set.of());
        r.engine().settings().forEach((name, value) -> {
            if (!instance.contains(name)) {
                put(p, "setting " + name, value);
            }
        });
        NodeFingerprint.of(r).facts().forEach((name, value) -> put(p, "node " + name, value));
        if (r.environment() != null) {
            put(p, "lab git sha", r.environment().labGitSha());
        }
        return p;
    }

    private static void put(Map<String, String> p, String name, String value) {
        if (value != null) {
            p.put(name, value);
        }
    }
}
