package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.compare.Metric;
import io.benchlab.lab.history.History;
import io.benchlab.lab.history.CellHistory;
import io.benchlab.lab.history.CsvNights;
import io.benchlab.lab.history.HistoryReport;
import io.benchlab.lab.history.Night;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "history", mixinStandardHelpOptions = true,
        description = {"Change points over a history of runs: when a metric moved, by how much, how surely, and what"
                + " differs across the change (engine version, images, settings, node, lab git sha).",
                "The history is either one cell's runs in InfluxDB (--influx-url with --engine and, where needed,"
                + " --profile, --clients, --backend: one engine, profile, knobs, backend and limits), each night with"
                + " its rounds, or a CSV file as Apache Otava reads one (--csv, --time-column, --metric), rows of one"
                + " time being its rounds. Method: E-divisive means with a Student t-test on the nights' means, the"
                + " rounds keeping a night's noise down (see docs/analysis/history.md). From InfluxDB, the change points are written"
                + " back as benchlab_change_point for the nightly-trend board.",
                "Exit code: 0 judged (change points or none), 2 bad input."})
final class HistoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Option(names = "--csv", paramLabel = "FILE", description = "Read the history from this CSV file (a header row).")
    Path csv;

    @Option(names = "--time-column", paramLabel = "NAME",
            description = "With --csv: the column of times (ISO-8601, dates or epoch seconds) (default: time).")
    String timeColumn;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "With --csv: the column of values. From InfluxDB: tps, p50_ms, p95_ms, p99_ms or"
                    + " failures_percent (default: tps).")
    String metric;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "From InfluxDB: the cell's engine.")
    String engine;

    @Option(names = "--profile", paramLabel = "PROFILE", description = "From InfluxDB: the cell's profile.")
    String profile;

    @Option(names = "--clients", paramLabel = "N", description = "From InfluxDB: the cell's client count.")
    Integer clients;

    @Option(names = "--backend", paramLabel = "BACKEND", description = "From InfluxDB: the cell's backend.")
    String backend;

    @Mixin
    InfluxSourceOptions influx;

    @Option(names = "--p-value", paramLabel = "P", defaultValue = "" + LabDefaults.HISTORY_P_VALUE,
            description = "A change point counts when the t-test's p-value is below this (default: ${DEFAULT-VALUE}).")
    double pValue;

    @Option(names = "--allow-node-change",
            description = "Judge runs whose node fingerprints differ as one history (the change shows among what differs).")
    boolean allowNodeChange;

    @Option(names = "--no-annotations", description = "From InfluxDB: do not write the change points back.")
    boolean noAnnotations;

    @Option(names = "--json", description = "Print JSON: the change points, each with time, mean_before, mean_after,"
            + " change, p_value (and run_id and differs).")
    boolean json;

    @Override
    public Integer call() {
        if (!(pValue > 0 && pValue < 1)) {
            throw new BadInputException("--p-value must be between 0 and 1, got " + pValue);
        }
        var settings = influx.settings();
        if ((csv == null) == (settings == null)) {
            throw new BadInputException("give either --csv FILE (with --metric) or --influx-url (with --engine)");
        }
        String what;
        List<Night> nights;
        CellHistory cell = null;
        if (csv != null) {
            if (engine != null || profile != null || clients != null || backend != null || noAnnotations) {
                throw new BadInputException("--engine, --profile, --clients, --backend and --no-annotations go with"
                        + " --influx-url, not --csv");
            }
            if (metric == null) {
                throw new BadInputException("--csv needs --metric NAME: the column of values");
            }
            String time = timeColumn == null ? "time" : timeColumn;
            nights = CsvNights.read(csv, time, metric);
            what = csv + " " + metric;
        } else {
            if (timeColumn != null) {
                throw new BadInputException("--time-column goes with --csv");
            }
            if (engine == null) {
                throw new BadInputException("--influx-url needs --engine ENGINE: the cell's engine");
            }
            Metric m = metric == null ? Metric.TPS : Metric.byKey(metric);
            if (m == null) {
                throw new BadInputException("--metric " + metric + ": give one of " + Arrays.stream(Metric.values())
                        .map(x -> x.key).collect(Collectors.joining(", ")));
            }
            cell = CellHistory.read(settings, engine, profile, clients, backend, m, allowNodeChange);
            nights = cell.nights();
            what = cell.describe();
        }
        var points = History.changePoints(nights, pValue);
        if (cell != null && !noAnnotations) {
            cell.annotate(points);
        }
        PrintWriter out = commandSpec.commandLine().getOut();
        out.print(json ? HistoryReport.json(what, nights, pValue, points) : HistoryReport.text(what, nights, pValue, points));
        out.flush();
        return 0;
    }
}
