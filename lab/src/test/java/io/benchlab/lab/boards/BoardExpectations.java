package io.benchlab.lab.boards;

import static java.util.stream.Collectors.collectingAndThen;
import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.mapping;
import static java.util.stream.Collectors.toMap;
import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.lab.boards.BoardsFixture.Change;
import io.benchlab.lab.boards.BoardsFixture.Interval;
import io.benchlab.lab.boards.BoardsFixture.Run;
import io.benchlab.lab.boards.GrafanaFrames.Frame;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.metrics.LatencySummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What each panel and annotation of each board must show for a selection of the template
 * variables, computed from the fixture's runs: the series it draws (by which columns or labels,
 * and how many points each), and for some the values. Keyed as {@link Boards.Query#key()}.
 */
final class BoardExpectations {

    /** The variables' selected values, as the proof picked them from the variables' own queries. */
    record Selection(Map<String, List<String>> values) {

        boolean matches(Run run) {
            return has("engine", run.engine()) && has("profile", run.profile())
                    && has("clients", Integer.toString(run.clients())) && has("run_id", run.runId());
        }

        private boolean has(String variable, String value) {
            return !values.containsKey(variable) || values.get(variable).contains(value);
        }
    }

    /**
     * A query's series, keyed by the values of {@code seriesBy} (a time series frame's labels, or
     * {@code _field} for its value's name; a table's columns), each with its number of points.
     */
    record Expectation(List<String> seriesBy, Function<List<Run>, Map<List<String>, Long>> series,
                       BiConsumer<List<Run>, List<Frame>> values) {
    }

    private static final List<String> LATENCIES = List.of("p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms");

    private final Map<String, Expectation> byKey = new LinkedHashMap<>();

    BoardExpectations() {
        String detail = "benchlab-run-detail / ";
        one(detail + "Summary", List.of(), runs -> Map.of(List.of(), (long) runs.size()));
        one(detail + "Run", List.of("run_id"), runs -> perRun(runs, 1));
        one(detail + "Rounds", List.of("round"), runs -> count(runs.stream().flatMap(r -> r.intervals().stream()
                .map(Interval::round).distinct().map(i -> List.of(Integer.toString(i))))));
        one(detail + "Transaction tps: offered and achieved", List.of("type"), runs -> Map.of(List.of("transaction"), intervals(runs)));
        one(detail + "Transaction latency", List.of("_field"), runs -> each(LATENCIES, intervals(runs)));
        one(detail + "Failures, retries and reconnects", List.of("_field"),
                runs -> each(List.of("failed", "retried", "reconnects"), intervals(runs)));
        for (String title : List.of("Statement tps", "Statement p99", "Statement p50")) {
            one(detail + title, List.of("type"), runs -> each(BoardsFixture.STATEMENTS, intervals(runs)));
        }
        // The database's side: per interval, each series' value from the fixture's counters and waits.
        points(detail + "Commits: server and clients", "_field", (run, i) -> {
            Map<String, Double> v = new HashMap<>(Map.of("clients tps", i.tps()));
            if (i.server() != null) {
                v.put("server commits", perSecond(i, postgres(run) ? "xact_commit" : "com_commit"));
                v.put("server rollbacks", perSecond(i, postgres(run) ? "xact_rollback" : "com_rollback"));
            }
            return v;
        });
        points(detail + "Buffer reads and hits", "_field", (run, i) -> i.server() == null ? Map.of()
                : postgres(run) ? Map.of("reads", perSecond(i, "blks_read"), "hits", perSecond(i, "blks_hit"))
                : Map.of("reads", perSecond(i, "innodb_buffer_pool_reads"), "hits",
                        perSecond(i, "innodb_buffer_pool_read_requests") - perSecond(i, "innodb_buffer_pool_reads")));
        points(detail + "WAL and redo bytes", "_field", (run, i) -> i.server() == null ? Map.of()
                : postgres(run) ? Map.of("WAL bytes", perSecond(i, "wal_bytes"))
                : Map.of("redo bytes", perSecond(i, "innodb_os_log_written")));
        points(detail + "Sessions by wait", "wait", (run, i) -> i.server() == null ? Map.of() : i.server().waits());
        points(detail + "Database container CPU", "_field", (run, i) -> container(i) == null ? Map.of()
                : Map.of("CPU cores", LatencySummary.round3(container(i).cpuSeconds() / container(i).seconds())));
        points(detail + "Database container memory and disk", "_field", (run, i) -> {
            ServerStats.Container c = container(i);
            Map<String, Double> v = new HashMap<>();
            if (c != null) {
                v.put("memory (working set)", (double) c.memoryBytes());
                if (c.ioReadBytes() != null) {
                    v.put("disk read per s", c.ioReadBytes() / c.seconds());
                    v.put("disk written per s", c.ioWriteBytes() / c.seconds());
                }
            }
            return v;
        });
        one(detail + "annotation Warm-up", List.of("event"), runs -> Map.of(List.of("warmup"), (long) runs.size()));
        one(detail + "annotation Rounds", List.of("event"), runs -> {
            long rounds = runs.stream().mapToLong(Run::rounds).sum();
            return Map.of(List.of("measured"), rounds, List.of("end"), rounds);
        });

        String comparison = "benchlab-comparison / ";
        byKey.put(comparison + "tps per run", new Expectation(List.of("run_id"), runs -> perRun(runs, 1),
                (runs, frames) -> assertPerRun(runs, frames, "tps", Run::tps)));
        byKey.put(comparison + "p99 per run", new Expectation(List.of("run_id"), runs -> perRun(runs, 1),
                (runs, frames) -> assertPerRun(runs, frames, "p99_ms", Run::p99Ms)));
        one(comparison + "Runs", List.of("run_id"), runs -> perRun(runs, 1));
        for (String title : List.of("tps along the round", "p99 along the round")) {
            one(comparison + title, List.of("run_id", "round"), runs -> count(runs.stream()
                    .flatMap(r -> r.intervals().stream().map(i -> List.of(r.runId(), Integer.toString(i.round()))))));
        }

        String engines = "benchlab-engines-clients / ";
        byKey.put(engines + "tps against clients", new Expectation(List.of("engine", "profile"),
                BoardExpectations::clientCounts, (runs, frames) -> assertMedians(runs, frames, "tps", Run::tps)));
        byKey.put(engines + "p99 against clients", new Expectation(List.of("engine", "profile"),
                BoardExpectations::clientCounts, (runs, frames) -> assertMedians(runs, frames, "p99_ms", Run::p99Ms)));
        byKey.put(engines + "Engines against engines", new Expectation(List.of("engine", "profile", "clients"),
                runs -> okRuns(runs).stream().map(r -> List.of(r.engine(), r.profile(), Integer.toString(r.clients())))
                        .distinct().collect(toMap(k -> k, k -> 1L)),
                (runs, frames) -> assertMedians(runs, frames, "tps", Run::tps)));

        String nightly = "benchlab-nightly-trend / ";
        for (String title : List.of("tps per night", "p99 per night")) {
            one(nightly + title, List.of("engine", "profile", "clients"), runs -> okRuns(runs).stream()
                    .collect(groupingBy(r -> List.of(r.engine(), r.profile(), Integer.toString(r.clients())),
                            mapping(Run::night, toSet())))
                    .entrySet().stream().collect(toMap(Map.Entry::getKey, e -> (long) e.getValue().size())));
        }
        byKey.put(nightly + "annotation Change points", new Expectation(List.of("tags"),
                runs -> count(changes(runs).stream().map(c -> List.of(c.tags()))),
                BoardExpectations::assertChangePoints));
    }

    Expectation get(String key) {
        return byKey.get(key);
    }

    Set<String> keys() {
        return byKey.keySet();
    }

    private void one(String key, List<String> seriesBy, Function<List<Run>, Map<List<String>, Long>> series) {
        byKey.put(key, new Expectation(seriesBy, series, (runs, frames) -> { }));
    }

    /**
     * A time series panel whose points are known per interval: {@code values} gives an interval's
     * value of each series (named by {@code by}: the {@code _field} or a label), at the interval's
     * end. Its series are those with their counts of points, and every point must be there with
     * its value.
     */
    private void points(String key, String by, BiFunction<Run, Interval, Map<String, Double>> values) {
        byKey.put(key, new Expectation(List.of(by),
                runs -> points(runs, values).entrySet().stream()
                        .collect(toMap(e -> List.of(e.getKey()), e -> (long) e.getValue().size())),
                (runs, frames) -> assertPoints(points(runs, values), frames, by)));
    }

    /** By series, each point's value by its time. */
    private static Map<String, Map<Instant, Double>> points(List<Run> runs, BiFunction<Run, Interval, Map<String, Double>> values) {
        Map<String, Map<Instant, Double>> points = new TreeMap<>();
        for (Run run : runs) {
            for (Interval i : run.intervals()) {
                values.apply(run, i).forEach((series, v) -> points.computeIfAbsent(series, k -> new TreeMap<>()).put(i.end(), v));
            }
        }
        return points;
    }

    static void assertPoints(Map<String, Map<Instant, Double>> expected, List<Frame> frames, String by) {
        Map<String, Map<Instant, Double>> actual = new TreeMap<>();
        for (Frame f : frames) {
            String value = new ArrayList<>(f.fields().keySet()).get(1);
            Map<Instant, Double> series = actual.computeIfAbsent("_field".equals(by) ? value : f.labels().get(by),
                    k -> new TreeMap<>());
            f.rows().forEach(row -> series.put((Instant) row.get("Time"), ((Number) row.get(value)).doubleValue()));
        }
        assertThat(actual.keySet()).as("series by " + by).isEqualTo(expected.keySet());
        expected.forEach((name, series) -> {
            assertThat(actual.get(name).keySet()).as(name + ": the times of its points").isEqualTo(series.keySet());
            series.forEach((t, v) -> assertThat(actual.get(name).get(t)).as(name + " at " + t)
                    .isCloseTo(v, within(1e-9 * Math.max(1, Math.abs(v)))));
        });
    }

    private static ServerStats.Container container(Interval i) {
        return i.server() == null ? null : i.server().container();
    }

    private static boolean postgres(Run run) {
        return "postgres".equals(run.engine());
    }

    /** A server counter's increase over the interval, per second of the server's own interval. */
    private static double perSecond(Interval i, String counter) {
        return i.server().counters().get(counter) / i.server().seconds();
    }

    private static long intervals(List<Run> runs) {
        return runs.stream().mapToLong(r -> r.intervals().size()).sum();
    }

    private static Map<List<String>, Long> each(List<String> keys, long points) {
        return keys.stream().collect(toMap(List::of, k -> points));
    }

    private static Map<List<String>, Long> perRun(List<Run> runs, long points) {
        return runs.stream().collect(toMap(r -> List.of(r.runId()), r -> points));
    }

    private static Map<List<String>, Long> count(Stream<List<String>> keys) {
        return keys.collect(groupingBy(k -> k, counting()));
    }

    private static List<Run> okRuns(List<Run> runs) {
        return runs.stream().filter(Run::ok).toList();
    }

    /** One line per engine and profile, a point per client count it ran ok at. */
    private static Map<List<String>, Long> clientCounts(List<Run> runs) {
        return okRuns(runs).stream().collect(groupingBy(r -> List.of(r.engine(), r.profile()),
                collectingAndThen(
                        mapping(Run::clients, toSet()),
                        s -> (long) s.size())));
    }

    /** The change points of the selected runs' cells: the fixture's lab history wrote them. */
    static List<Change> changes(List<Run> runs) {
        return runs.stream().flatMap(r -> BoardsFixture.changes(r).stream()).toList();
    }

    /** Exactly the selected cells' change points: each at its run's finished instant, with lab history's text. */
    static void assertChangePoints(List<Run> runs, List<Frame> frames) {
        Set<List<Object>> expected = changes(runs).stream()
                .map(c -> List.<Object>of(c.after().finished(), c.text(), c.tags())).collect(toSet());
        Set<List<Object>> actual = frames.stream().flatMap(f -> f.rows().stream())
                .map(row -> List.of(row.get("_time"), row.get("text"), row.get("tags"))).collect(toSet());
        assertThat(actual).as("change points (time, text, tags)").isEqualTo(expected);
    }

    private static void assertPerRun(List<Run> runs, List<Frame> frames, String field, Function<Run, Double> value) {
        Map<String, Double> expected = runs.stream().collect(toMap(Run::runId, value));
        Map<String, Double> actual = new HashMap<>();
        frames.get(0).rows().forEach(row -> actual.put((String) row.get("run_id"), (Double) row.get(field)));
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((id, v) -> assertThat(actual.get(id)).as(field + " of " + id).isCloseTo(v, within(1e-6 * v)));
    }

    /** Each (engine, profile, clients) point is the median of its ok runs (Flux exact_mean: the middle one, or the mean of the middle two). */
    private static void assertMedians(List<Run> runs, List<Frame> frames, String field, Function<Run, Double> value) {
        Map<List<String>, List<Double>> byPoint = new TreeMap<>(Comparator.comparing(Object::toString));
        for (Run r : okRuns(runs)) {
            byPoint.computeIfAbsent(List.of(r.engine(), r.profile(), Integer.toString(r.clients())), k -> new ArrayList<>())
                    .add(value.apply(r));
        }
        Map<List<String>, Double> actual = new TreeMap<>(Comparator.comparing(Object::toString));
        frames.get(0).rows().forEach(row -> actual.put(
                List.of((String) row.get("engine"), (String) row.get("profile"), row.get("clients").toString()),
                ((Number) row.get(field)).doubleValue()));
        assertThat(actual.keySet()).isEqualTo(byPoint.keySet());
        byPoint.forEach((k, values) -> {
            List<Double> sorted = values.stream().sorted().toList();
            double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                    : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
            assertThat(actual.get(k)).as(field + " at " + k).isCloseTo(median, within(1e-6 * median));
        });
    }
}
