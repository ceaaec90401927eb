package io.benchlab.lab.capacity;

import io.benchlab.lab.TextTable;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.Status;
import io.benchlab.results.StepVerdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The console table of a capacity search: one line per step in the order they ran (offered and
 * achieved tps, p50/p95/p99 each with its interval from the rounds, failures, missed starts, pass,
 * FAIL or unclear, and why), then the answer in one line:
 * {@code capacity 4,150 tps (between 4,150 and 4,360) for p99<=10ms; 8 steps, 6m12s}.
 */
public final class CapacityTable {

    private static final List<String> HEADER = List.of("step", "offered", "achieved", "p50 ms", "p95 ms", "p99 ms",
            "failures", "missed", "result", "why");
    private static final List<Boolean> RIGHT = List.of(true, true, true, true, true, true, true, true, false, false);

    private CapacityTable() {
    }

    public static String format(CapacityResult result) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(HEADER);
        result.steps().forEach(s -> lines.add(cells(s)));
        String table = result.steps().isEmpty() ? "" : TextTable.format(lines, RIGHT);
        String status = result.status() == Status.OK ? "" : "search " + result.status().json() + " (" + result.cause()
                + "); so far: ";
        return table + status + answer(result) + "\n";
    }

    /** The answer line: the capacity and its interval, for which objectives, in how many steps and how long. */
    static String answer(CapacityResult result) {
        CapacityResult.Answer a = result.capacity();
        String objectives = result.objectives().stream().map(CapacityResult.Objective::text)
                .collect(Collectors.joining(" and "));
        String found;
        if (a.tps() == null) {
            found = a.high() == null ? "no capacity yet for " + objectives
                    : "no capacity: every rate failed " + objectives + ", down to " + Shown.tps(a.high()) + " tps";
        } else if (a.high() == null) {
            boolean anyFailed = result.steps().stream().anyMatch(s -> s.verdictOrPass() == StepVerdict.FAIL);
            found = "capacity at least " + Shown.tps(a.tps()) + " tps (" + (anyFailed
                    ? "a step passed at or above every rate that failed" : "no rate failed") + ") for " + objectives;
        } else {
            // Short of the precision is either a wider interval or one whose ends were not yet run again.
            String shortOf = (a.high() - a.low()) / a.low() > result.precision()
                    ? ", wider than " + Shown.percent(result.precision()) : ", its ends not yet run again";
            found = "capacity " + Shown.tps(a.tps()) + " tps (between " + Shown.tps(a.low()) + " and "
                    + Shown.tps(a.high()) + (a.reachedPrecision() ? "" : shortOf) + ") for " + objectives;
        }
        return found + "; " + result.steps().size() + (result.steps().size() == 1 ? " step" : " steps")
                + took(result.timestamps());
    }

    private static List<String> cells(CapacityStep s) {
        CapacityStep.StepLatency l = s.latency();
        return List.of(Integer.toString(s.index()), Shown.tps(s.offeredTps()),
                s.achievedTps() == null ? "-" : Shown.tps(s.achievedTps()),
                l == null ? "-" : percentile(l.p50()), l == null ? "-" : percentile(l.p95()),
                l == null ? "-" : percentile(l.p99()),
                s.failuresRatio() == null ? "-" : Shown.percent(s.failuresRatio()),
                s.missedStarts() == null ? "-" : Long.toString(s.missedStarts()),
                s.pass() ? "pass" : s.verdictOrPass() == StepVerdict.FAIL ? "FAIL" : "unclear", s.why());
    }

    /** "8.21 (7.9-8.64)": the pooled value and its interval from the rounds. */
    private static String percentile(CapacityStep.Percentile p) {
        return Shown.ms(p.ms()) + " (" + Shown.ms(p.low()) + "-" + Shown.ms(p.high()) + ")";
    }

    /** ", 6m12s" from start to end; nothing while the search has no end. */
    private static String took(CapacityResult.Span span) {
        if (span == null || span.started() == null || span.ended() == null) {
            return "";
        }
        Duration d = Duration.between(Instant.parse(span.started()), Instant.parse(span.ended()));
        long s = Math.round(d.toMillis() / 1000.0);
        return ", " + (s >= 60 ? s / 60 + "m" + s % 60 + "s" : s + "s");
    }
}
