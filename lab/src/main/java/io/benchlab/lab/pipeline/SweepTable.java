package io.benchlab.lab.pipeline;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The table a sweep ends with: one line per point, in the order the points ran. */
final class SweepTable {

    private static final String[] HEADER =
        {"engine", "clients", "status", "tps", "p50 ms", "p99 ms", "failures", "warnings", "result"};
    /** Numbers read best right-aligned; the rest left. */
    private static final boolean[] RIGHT = {false, true, false, true, true, true, true, false, false};

    private SweepTable() {
    }

    static String format(List<SweepRow> rows) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADER);
        rows.forEach(r -> cells.add(cells(r)));
        int[] width = new int[HEADER.length];
        for (String[] line : cells) {
            for (int i = 0; i < line.length; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] line : cells) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                String pad = " ".repeat(width[i] - line[i].length());
                l.append(i == 0 ? "" : "  ").append(RIGHT[i] ? pad + line[i] : line[i] + pad);
            }
            b.append(l.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }

    private static String[] cells(SweepRow r) {
        Figures f = r.result() == null ? null : r.result().figures();
        return new String[] {r.engine(), Integer.toString(r.clients()), r.status(),
            f == null ? "-" : number("%.1f", f.tps()),
            f == null || f.latency() == null ? "-" : number("%.3f", f.latency().p50Ms()),
            f == null || f.latency() == null ? "-" : number("%.3f", f.latency().p99Ms()),
            f == null ? "-" : Long.toString(f.failed()),
            warnings(r.result()),
            r.file() == null ? "-" : r.file().toString()};
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
