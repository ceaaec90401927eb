package io.benchlab.lab.nightly;

import io.benchlab.lab.compare.Verdict;
import io.benchlab.lab.report.Report;
import io.benchlab.results.AtomicFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** A night's verdicts as a table on the console, as report.md, and in the HTML report of its results. */
final class NightlyReports {

    static final String MARKDOWN = "report.md";
    static final String HTML = "report.html";
    private static final List<String> HEADERS = List.of("cell", "verdict", "cause", "result");

    private NightlyReports() {
    }

    static void write(Path dir, Path plan, String night, List<CellVerdict> verdicts) {
        try {
            AtomicFile.write(dir.resolve(MARKDOWN), markdown(plan, night, verdicts), ".report-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Path> results = verdicts.stream().map(CellVerdict::result).filter(f -> f != null && Files.isRegularFile(f))
                .toList();
        Report.write(results, dir.resolve(HTML), List.of(new Report.Section("Nightly " + night + ": " + summary(verdicts),
                HEADERS, verdicts.stream().map(v -> row(v, false)).toList())));
    }

    static String markdown(Path plan, String night, List<CellVerdict> verdicts) {
        StringBuilder s = new StringBuilder("# benchlab nightly " + night + "\n\n");
        s.append("Plan `").append(plan).append("`: ").append(summary(verdicts)).append(".\n\n");
        s.append("| ").append(String.join(" | ", HEADERS)).append(" |\n|---|---|---|---|\n");
        for (CellVerdict v : verdicts) {
            s.append("| ").append(String.join(" | ", row(v, true))).append(" |\n");
        }
        return s.toString();
    }

    static String table(List<CellVerdict> verdicts) {
        int width = verdicts.stream().mapToInt(v -> v.cell().length()).max().orElse(4);
        StringBuilder s = new StringBuilder();
        for (CellVerdict v : verdicts) {
            s.append(String.format(Locale.ROOT, "%-" + width + "s  %-12s  %s%n", v.cell(), v.verdict().label(), v.cause()));
        }
        return s.append("nightly: ").append(summary(verdicts)).append('\n').toString();
    }

    /**
     * "3 cells, pass", "3 cells, FAIL (1 regressed or failed)"; with ", 1 inconclusive" when cells
     * were: an inconclusive cell passes (no regression was shown), but a pass is then no claim that
     * nothing changed.
     */
    static String summary(List<CellVerdict> verdicts) {
        long failing = verdicts.stream().filter(v -> !v.pass()).count();
        long inconclusive = verdicts.stream().filter(v -> v.verdict() == Verdict.INCONCLUSIVE).count();
        return verdicts.size() + (verdicts.size() == 1 ? " cell, " : " cells, ")
                + (failing == 0 ? "pass" : "FAIL (" + failing + " " + Verdict.failing() + ")")
                + (inconclusive == 0 ? "" : ", " + inconclusive + " inconclusive");
    }

    private static List<String> row(CellVerdict v, boolean markdown) {
        List<String> cells = List.of(v.cell(), v.verdict().label(), v.cause(),
                v.result() == null ? "-" : v.result().getFileName().toString());
        return markdown ? cells.stream().map(c -> c.replace("|", "\\|").replace("\n", " ")).toList() : cells;
    }
}
