package io.benchlab.lab.pipeline;

import io.benchlab.lab.TextTable;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.SetupVerdict;
import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Warning;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The table a sweep ends with: one line per point, in the order the points ran. A sweep over the
 * set-up names each point's set-up by what differs from the baseline (see {@link SweepSetups}) and,
 * with rounds enough for lab compare's tests, judges its tps against the baseline at the same engine
 * and clients as lab compare would; with fewer rounds a line under the table says so.
 */
final class SweepTable {

    private SweepTable() {
    }

    static String format(List<SweepRow> rows) {
        return format(rows, SweepSetups.NONE, CompareRules.defaults());
    }

    static String format(List<SweepRow> rows, SweepSetups setups, CompareRules rules) {
        boolean named = setups.varied();
        boolean judged = named && setups.rounds() >= SetupVerdict.roundsNeeded(rules);
        List<List<String>> lines = new ArrayList<>();
        List<Boolean> right = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("engine"));
        if (named) {
            header.add("setup");
        }
        header.addAll(List.of("clients", "status", "tps", "p50 ms", "p99 ms", "failures", "warnings"));
        if (judged) {
            header.addAll(SetupVerdict.HEADER);
        }
        header.add("result");
        for (String h : header) {
            right.add(List.of("clients", "tps", "p50 ms", "p99 ms", "failures", "vs baseline", "noise", "p")
                    .contains(h));
        }
        lines.add(header);
        for (int i = 0; i < rows.size(); i++) {
            lines.add(cells(rows, i, setups, named, judged, rules));
        }
        String table = TextTable.format(lines, right);
        if (named && !judged) {
            int needed = SetupVerdict.roundsNeeded(rules);
            table += "verdicts against the baseline need " + needed + " rounds a point (--rounds " + needed
                    + "); this sweep ran " + setups.rounds() + "\n";
        }
        return table;
    }

    private static List<String> cells(List<SweepRow> rows, int i, SweepSetups setups, boolean named, boolean judged,
                                      CompareRules rules) {
        SweepRow r = rows.get(i);
        Figures f = r.result() == null ? null : r.result().figures();
        List<String> cells = new ArrayList<>(List.of(r.engine()));
        if (named) {
            cells.add(setups.name(i));
        }
        cells.addAll(List.of(Integer.toString(r.clients()), r.status(),
            f == null ? "-" : number("%.1f", f.tps()),
            f == null || f.latency() == null ? "-" : number("%.3f", f.latency().p50Ms()),
            f == null || f.latency() == null ? "-" : number("%.3f", f.latency().p99Ms()),
            f == null ? "-" : Long.toString(f.failed()),
            warnings(r.result())));
        if (judged) {
            cells.addAll(verdict(rows, i, setups, rules));
        }
        cells.add(r.file() == null ? "-" : r.file().toString());
        return cells;
    }

    /** The point against its baseline: the same engine and clients, every set-up axis at its first value. */
    private static List<String> verdict(List<SweepRow> rows, int i, SweepSetups setups, CompareRules rules) {
        int b = setups.baseline(i);
        if (b == i) {
            return SetupVerdict.baselineCells();
        }
        RunResult run = rows.get(i).result();
        RunResult base = rows.get(b).result();
        if (!judgeable(run)) {
            return SetupVerdict.notJudged("not judged (" + rows.get(i).status() + ")");
        }
        if (!judgeable(base)) {
            return SetupVerdict.notJudged("not judged (the baseline is " + rows.get(b).status() + ")");
        }
        return SetupVerdict.of(Collections.singletonList(base), List.of(run), rules).cells();
    }

    private static boolean judgeable(RunResult r) {
        return r != null && r.status() == Status.OK && r.figures() != null && r.knobs() != null;
    }

    /** The codes of the point's warnings (branch_contention: its clients queue on too few branches). */
    private static String warnings(RunResult r) {
        return r == null || r.warnings().isEmpty() ? "-"
                : r.warnings().stream().map(Warning::code).collect(Collectors.joining(","));
    }

    private static String number(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }
}
