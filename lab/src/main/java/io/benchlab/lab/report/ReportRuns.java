package io.benchlab.lab.report;

import io.benchlab.lab.ResultFiles;
import io.benchlab.lab.compare.SetupKey;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The results a report shows, each read, checked against the result schema, named and coloured:
 * one hue per family (engine, see {@link ReportRun}), a shade per run of it (darker with more
 * clients), so that a sweep's runs read as one family per engine.
 */
final class ReportRuns {

    /** Hues far apart on the colour wheel, one per engine in the order the engines first appear. */
    private static final int[] HUES = {221, 24, 160, 275, 350, 190, 45, 300};

    private ReportRuns() {
    }

    /** Every file read and checked; the first that is missing, unreadable or not a result is one line of bad input. */
    static List<ReportRun> read(List<Path> files) {
        List<RunResult> results = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        for (Path file : files) {
            RunResult r = ResultFiles.readValid(file);
            Path before = seen.putIfAbsent(r.runId(), file);
            if (before != null) {
                throw new BadInputException("run " + r.runId() + " is given twice (" + before + " and " + file + ")");
            }
            results.add(r);
        }
        return name(files, results);
    }

    /**
     * Names each run by what sets it apart (engine, clients; profile, backend, the number of
     * client pods and the rest of the set-up where they vary), colours it.
     */
    static List<ReportRun> name(List<Path> files, List<RunResult> results) {
        boolean profiles = distinct(results, r -> r.engine().name() + "/" + r.engine().profile())
                > distinct(results, r -> r.engine().name());
        boolean backends = distinct(results, ReportRuns::backend) > 1;
        boolean split = distinct(results, r -> Integer.toString(clientPods(r))) > 1;
        List<String> families = results.stream().map(r -> r.engine().name()
                + (profiles ? "/" + r.engine().profile() : "") + (backends ? " (" + backend(r) + ")" : "")
                + (split ? " · " + clientPods(r) + (clientPods(r) == 1 ? " client pod" : " client pods") : "")
                + setup(results, r)).toList();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            int clients = results.get(i).knobs().clients();
            labels.add(families.get(i) + " · " + clients + (clients == 1 ? " client" : " clients"));
        }
        Map<String, Long> repeats = labels.stream().collect(Collectors.groupingBy(l -> l, Collectors.counting()));
        List<String> order = families.stream().distinct().toList();
        List<ReportRun> runs = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            RunResult r = results.get(i);
            String label = repeats.get(labels.get(i)) > 1 ? labels.get(i) + " · " + r.runId() : labels.get(i);
            int hue = HUES[order.indexOf(families.get(i)) % HUES.length];
            runs.add(new ReportRun(files.get(i), r, families.get(i), label, shade(hue, families, results, i),
                    color(hue, 45)));
        }
        return runs;
    }

    /**
     * The rest of the run's set-up where it varies among the runs (see {@link SetupKey}): " · version
     * 16.10", " · shared_buffers 512MB", " · storage tmpfs"; a sweep over the set-up draws a curve each.
     */
    private static String setup(List<RunResult> results, RunResult run) {
        List<SetupKey> keys = results.stream().map(SetupKey::of).toList();
        SetupKey k = SetupKey.of(run);
        StringBuilder s = new StringBuilder();
        if (keys.stream().map(x -> x.engine() + "/" + x.version()).distinct().count()
                > keys.stream().map(SetupKey::engine).distinct().count()) {
            s.append(" · version ").append(k.version());
        }
        new TreeSet<>(keys.stream().flatMap(x -> x.given().keySet().stream()).toList()).forEach(setting -> {
            if (keys.stream().map(x -> String.valueOf(x.given().get(setting))).distinct().count() > 1) {
                s.append(" · ").append(setting).append(' ').append(k.given().getOrDefault(setting, "unset"));
            }
        });
        if (keys.stream().map(x -> String.valueOf(x.storage())).distinct().count() > 1) {
            s.append(" · storage ").append(k.storage() == null ? "unknown" : k.storage());
        }
        return s.toString();
    }

    /** Lighter for fewer clients, darker for more, among the runs of the same engine. */
    private static String shade(int hue, List<String> families, List<RunResult> results, int run) {
        List<Integer> family = IntStream.range(0, results.size())
                .filter(i -> families.get(i).equals(families.get(run))).boxed()
                .sorted(Comparator.comparingInt(i -> results.get(i).knobs().clients())).toList();
        if (family.size() == 1) {
            return color(hue, 45);
        }
        return color(hue, 62 - 34 * family.indexOf(run) / (family.size() - 1));
    }

    private static String color(int hue, int lightness) {
        return "hsl(" + hue + ", 72%, " + lightness + "%)";
    }

    static String backend(RunResult r) {
        return r.placement() == null || r.placement().backend() == null ? "unknown" : r.placement().backend();
    }

    private static int clientPods(RunResult r) {
        return Placement.clientPodCount(r.placement());
    }

    private static long distinct(List<RunResult> results, Function<RunResult, String> key) {
        return results.stream().map(key).distinct().count();
    }
}
