package io.benchlab.lab.boards;

import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.sink.RunIdentity;
import io.benchlab.runner.sink.influx.InfluxPoints;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The runs the boards are proved on, and their points exactly as influx-measurements.md documents
 * them: two engines x two profiles x clients 1, 4, 16 on three nights (one of them two days after
 * the one before), plus a run that failed mid-way and, on the last night, a run made twice and
 * last an HSQLDB server run. Each run has a warm-up and two measured rounds of five 1 s intervals,
 * with points for the transaction and two statement types, its phase events, its rounds and its
 * summary; the PostgreSQL and MariaDB runs also have the database's side of each interval
 * (benchlab_server and benchlab_server_wait), the HSQLDB server run has none. Some cells also
 * have change points as lab history writes them ({@link #changes(Run)}). Everything {@code BoardQueriesIT} expects is computed from
 * {@link #runs()}: points from real runs can replace these by giving the same records.
 */
final class BoardsFixture {

    static final List<String> ENGINES = List.of("postgres", "mariadb");
    static final List<String> PROFILES = List.of("durable", "relaxed");
    static final List<Integer> CLIENTS = List.of(1, 4, 16);
    static final List<String> STATEMENTS = List.of("update_account", "select_account");
    /** Fixed and long past, so the proof's time range holds these runs and nothing else. */
    static final List<Instant> NIGHTS = List.of(Instant.parse("2021-03-01T01:00:00Z"),
            Instant.parse("2021-03-02T01:00:00Z"), Instant.parse("2021-03-04T01:00:00Z"));
    static final int ROUNDS = 2;
    static final int INTERVALS = 5;
    static final Duration WARMUP = Duration.ofSeconds(3);
    static final String BACKEND = "docker";
    static final String WORKLOAD = "tpcb";
    /** An engine whose runs have no server points, as the runner writes none for it. */
    static final String WITHOUT_SERVER = "hsqldb-server";

    /**
     * One interval of the transaction: what the boards plot, and what the statements scale from;
     * {@code server} is the database's side of it, null for an engine without one.
     */
    record Interval(int round, Instant end, double t, double seconds, long count, double p99Ms,
                    ServerStats.Interval server) {
        double tps() {
            return count / seconds;
        }

        /** The round's measured start: the interval ends {@code t} after it (influx-measurements.md). */
        Instant measuredStart() {
            return end.minusNanos(Math.round(t * 1e9));
        }
    }

    /** {@code pods}: how many client pods ran its clients, each writing its own live points. */
    record Run(String runId, String engine, String profile, int clients, String status, Instant started,
               List<Interval> intervals, Instant finished, int pods) {

        boolean ok() {
            return "ok".equals(status);
        }

        int rounds() {
            return (int) intervals.stream().mapToInt(Interval::round).distinct().count();
        }

        List<Interval> round(int round) {
            return intervals.stream().filter(i -> i.round() == round).toList();
        }

        /** The run's figures are all its rounds' together (influx-measurements.md, benchlab_run). */
        double tps() {
            return intervals.stream().mapToLong(Interval::count).sum()
                    / intervals.stream().mapToDouble(Interval::seconds).sum();
        }

        /** Stands for the p99 of the rounds' merged histograms: the fixture only needs one value a run. */
        double p99Ms() {
            return intervals.stream().mapToDouble(Interval::p99Ms).max().orElse(0);
        }

        LocalDate night() {
            return LocalDate.ofInstant(finished, ZoneOffset.UTC);
        }
    }

    /**
     * A change point lab history found in a metric of a cell: {@code after} is the first run after
     * it, whose identity and finished instant the point carries.
     */
    record Change(Run after, String metric, double meanBefore, double meanAfter, String text) {

        /** The annotation's tags as the board makes them: metric, engine, profile, clients. */
        String tags() {
            return metric + "," + after.engine() + "," + after.profile() + "," + after.clients() + " clients";
        }
    }

    /**
     * The cells with change points, and on which night they are (an index of {@link #NIGHTS}):
     * one with two metrics on one night, and ones the boards' selection keeps out (another
     * profile, one client), so that the annotation must show these and leave those out.
     */
    private static final List<ChangeAt> CHANGES = List.of(
            new ChangeAt("postgres", "durable", 16, 1, "tps", -0.12, "engine version 15.8 -> 15.9"),
            new ChangeAt("postgres", "durable", 16, 1, "p99_ms", 0.15, "engine version 15.8 -> 15.9"),
            new ChangeAt("mariadb", "durable", 4, 1, "tps", 0.08, "setting innodb_flush_log_at_trx_commit 1 -> 2"),
            new ChangeAt("mariadb", "durable", 16, 2, "p99_ms", 0.2, "node boot id a1 -> b2"),
            new ChangeAt("mariadb", "relaxed", 16, 1, "tps", -0.06, "lab git sha 3f9c2a7 -> 5d1e0b4"),
            new ChangeAt("postgres", "durable", 1, 2, "tps", -0.09, "database image benchlab/postgres:15.8 ->"
                    + " benchlab/postgres:15.9"));

    private record ChangeAt(String engine, String profile, int clients, int night, String metric, double change,
                            String differs) {
    }

    private final List<Run> runs;

    BoardsFixture() {
        Random random = new Random(11);
        List<Run> all = new ArrayList<>();
        for (int n = 0; n < NIGHTS.size(); n++) {
            Instant start = NIGHTS.get(n);
            for (String engine : ENGINES) {
                for (String profile : PROFILES) {
                    for (int clients : CLIENTS) {
                        Run run = run(random, start, engine, profile, clients, n, ROUNDS, INTERVALS, "ok");
                        all.add(run);
                        start = run.finished().plusSeconds(30);
                    }
                }
            }
            if (n == 1) {
                // Failed in its first round: the boards that chart ok runs must leave it out.
                all.add(run(random, start, "postgres", "durable", 4, n, 1, 2, "failed"));
            }
            if (n == NIGHTS.size() - 1) {
                // Run again an hour later: the nightly trend has one point per day, not per run.
                // Split over two client pods: the boards must add up their points as one run's.
                Run again = split(run(random, start.plus(Duration.ofHours(1)), "postgres", "durable", 16, n, ROUNDS,
                        INTERVALS, "ok"), 2);
                all.add(again);
                // The newest run, as a night's canary (NightlyStackIT's), has no server points; the
                // proof's selection (one profile, the largest client counts) leaves it out, LiveBoards' not.
                all.add(run(random, again.finished().plusSeconds(30), WITHOUT_SERVER, "relaxed", 2, n, ROUNDS, INTERVALS, "ok"));
            }
        }
        this.runs = List.copyOf(all);
    }

    List<Run> runs() {
        return runs;
    }

    /**
     * The change points whose first run after is this one: a function of the run alone (its cell
     * and night, ok runs only), so those of any selection of runs are theirs. The night's repeated
     * run is never one (no change is at the last night's postgres durable 16).
     */
    static List<Change> changes(Run run) {
        if (!run.ok()) {
            return List.of();
        }
        List<Change> found = new ArrayList<>();
        for (ChangeAt c : CHANGES) {
            if (c.engine().equals(run.engine()) && c.profile().equals(run.profile()) && c.clients() == run.clients()
                    && LocalDate.ofInstant(NIGHTS.get(c.night()), ZoneOffset.UTC).equals(run.night())) {
                // The run after is at the new level; the nights before were at the old one.
                double after = "tps".equals(c.metric()) ? run.tps() : run.p99Ms();
                double before = after / (1 + c.change());
                String text = String.format(Locale.ROOT, "%s %+.1f%% (p 0.00002); %s", c.metric(), 100 * c.change(),
                        c.differs());
                found.add(new Change(run, c.metric(), before, after, text));
            }
        }
        return found;
    }

    /** Every change point of the fixture's runs. */
    List<Change> changes() {
        return runs.stream().flatMap(r -> changes(r).stream()).toList();
    }

    /** The change points in line protocol, exactly as lab history writes them. */
    List<String> changePointLines() {
        return changes().stream().map(c -> InfluxPoints.changePoint(identity(c.after()), c.after().finished(),
                c.metric(), c.meanBefore(), c.meanAfter(), (c.meanAfter() - c.meanBefore()) / c.meanBefore(), 0.00002,
                c.text())).toList();
    }

    /** The database's side of every interval that has one, in line protocol, as the runner writes it. */
    List<String> serverLines() {
        return runs.stream().flatMap(r -> r.intervals().stream().filter(i -> i.server() != null)
                .flatMap(i -> InfluxPoints.server(identity(r), i.server(), i.measuredStart()).stream())).toList();
    }

    private static RunIdentity identity(Run run) {
        return new RunIdentity(run.runId(), run.engine(), run.profile(), run.clients(), BACKEND, WORKLOAD);
    }

    /** A time range holding every run with a margin, as a user would pick it on the boards. */
    Instant from() {
        return runs.get(0).started().minus(Duration.ofHours(1));
    }

    Instant to() {
        return runs.get(runs.size() - 1).finished().plus(Duration.ofHours(1));
    }

    private static Run run(Random random, Instant start, String engine, String profile, int clients, int night,
                           int rounds, int intervals, String status) {
        double capacity = ("postgres".equals(engine) ? 900 : 700) * ("relaxed".equals(profile) ? 1.6 : 1.0)
                * Math.pow(clients, 0.65) * (1 + 0.02 * night) * ("ok".equals(status) ? 1 : 0.1);
        String runId = String.format(Locale.ROOT, "%s-%s-%04x",
                start.truncatedTo(ChronoUnit.SECONDS).toString().replace("-", "").replace(":", ""), engine, random.nextInt(0x10000));
        List<Interval> all = new ArrayList<>();
        Instant roundStart = start.plus(WARMUP);
        for (int r = 1; r <= rounds; r++) {
            for (int i = 1; i <= intervals; i++) {
                double seconds = 1.0 + random.nextDouble() * 0.002;
                long count = Math.round(capacity * seconds * (0.95 + random.nextDouble() * 0.1));
                double p99 = 1000.0 * clients / capacity * (2.5 + random.nextDouble());
                double t = i + random.nextDouble() * 0.001;
                ServerStats.Interval server = WITHOUT_SERVER.equals(engine) ? null
                        : server(random, engine, profile, clients, r, i, t, seconds, count, "ok".equals(status));
                all.add(new Interval(r, roundStart.plusNanos(Math.round(t * 1e9)), t, seconds, count, p99, server));
            }
            roundStart = roundStart.plusSeconds(intervals + 1);
        }
        return new Run(runId, engine, profile, clients, status, start, all, all.get(all.size() - 1).end().plusMillis(200), 1);
    }

    private static Run split(Run r, int pods) {
        return new Run(r.runId(), r.engine(), r.profile(), r.clients(), r.status(), r.started(), r.intervals(),
                r.finished(), pods);
    }

    /**
     * The database's counters (deltas) and sessions by wait over one interval, as the sampler reads
     * them: its read comes a little after the clients' interval (its own seconds), its own queries
     * commit too, each retried try rolled back, InnoDB counts its disk reads among its read
     * requests, and a lock wait shows in some intervals only (a series with gaps).
     */
    private static ServerStats.Interval server(Random random, String engine, String profile, int clients, int round,
                                               int interval, double t, double seconds, long count, boolean ok) {
        long commits = count + 2;
        long rollbacks = count / 200 + (ok ? 0 : 3);
        boolean durable = "durable".equals(profile);
        boolean contended = clients > 1 && interval % 2 == 1;
        Map<String, Long> c = new TreeMap<>();
        Map<String, Double> w = new TreeMap<>();
        if ("postgres".equals(engine)) {
            c.putAll(Map.of("xact_commit", commits, "xact_rollback", rollbacks, "blks_read", count / 7 + random.nextInt(5),
                    "blks_hit", count * 38 + random.nextInt(50), "tup_updated", count * 3, "tup_inserted", count,
                    "wal_records", count * 5, "wal_bytes", count * 430 + random.nextInt(8192), "deadlocks", 0L,
                    "checkpoints_req", 0L));
            w.put("CPU:running", clients * (0.3 + 0.2 * random.nextDouble()));
            w.put("Client:ClientRead", clients * 0.2 * random.nextDouble());
            if (durable) {
                w.put("IO:WALSync", 0.1 + 0.2 * random.nextDouble());
            }
            if (contended) {
                w.put("Lock:transactionid", clients * 0.1 * random.nextDouble());
            }
        } else {
            c.putAll(Map.of("com_commit", commits, "com_rollback", rollbacks, "handler_commit", 2 * commits,
                    "innodb_buffer_pool_read_requests", count * 45 + random.nextInt(50),
                    "innodb_buffer_pool_reads", count / 9 + random.nextInt(5),
                    "innodb_os_log_written", count * 610 + random.nextInt(4096),
                    "innodb_data_fsyncs", durable ? count : count / 50, "innodb_row_lock_waits", contended ? count / 40 : 0));
            w.put("Updating", clients * (0.3 + 0.2 * random.nextDouble()));
            w.put("running", clients * 0.1 * random.nextDouble());
            if (durable) {
                w.put("Commit", 0.1 + 0.2 * random.nextDouble());
            }
            if (contended) {
                w.put("Searching rows for update", clients * 0.1 * random.nextDouble());
            }
        }
        return new ServerStats.Interval(round, t, seconds + random.nextDouble() * 0.0005, c, w,
                container(engine, clients, seconds, count));
    }

    /**
     * The database container's usage over the interval, from the interval's own figures (no draw
     * of the random source, whose sequence the other series keep): more cores with more clients,
     * up to its one CPU; MariaDB's as on the docker backend (block I/O), PostgreSQL's as from
     * the kubelet (none).
     */
    private static ServerStats.Container container(String engine, int clients, double seconds, long count) {
        double cores = Math.min(1.0, 0.2 + 0.1 * clients + (count % 7) / 100.0);
        boolean docker = !"postgres".equals(engine);
        return new ServerStats.Container(seconds, Math.round(cores * seconds * 1000) / 1000.0, 250_000_000L + count * 64,
                docker ? count * 12 : null, docker ? count * 900 : null, null, null);
    }

    /** Every point of every run, as the sink writes them. */
    List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (Run run : runs) {
            points.addAll(intervalPoints(run));
            points.addAll(eventPoints(run));
            points.addAll(roundPoints(run));
            points.add(runPoint(run));
        }
        return points;
    }

    private static Point point(String measurement, Run run, Instant time) {
        return Point.measurement(measurement).time(time, WritePrecision.NS)
                .addTag("run_id", run.runId()).addTag("engine", run.engine()).addTag("profile", run.profile())
                .addTag("clients", Integer.toString(run.clients())).addTag("backend", BACKEND).addTag("workload", WORKLOAD);
    }

    private static Point latencies(Point p, double p99) {
        return p.addField("p50_ms", p99 * 0.3).addField("p90_ms", p99 * 0.6).addField("p95_ms", p99 * 0.8)
                .addField("p99_ms", p99).addField("p999_ms", p99 * 1.4).addField("max_ms", p99 * 2.1);
    }

    /**
     * The live points of each interval; a split run's from each pod, tagged with it: the pods' counts
     * add up to the interval's, pod 0 has its highest latencies and ends last (the others a few
     * milliseconds before, as their measured starts were), so that the interval is their sum.
     */
    private static List<Point> intervalPoints(Run run) {
        List<Point> points = new ArrayList<>();
        for (Interval i : run.intervals()) {
            for (int pod = 0; pod < run.pods(); pod++) {
                long count = i.count() / run.pods() + (pod < i.count() % run.pods() ? 1 : 0);
                Instant end = i.end().minusMillis(7L * pod);
                double t = i.t() - 0.007 * pod;
                double slower = 1 - 0.1 * pod;
                Point tx = pod(point("benchlab_interval", run, end), run, pod).addTag("round", Integer.toString(i.round()))
                        .addTag("type", "transaction").addField("t", t).addField("seconds", i.seconds())
                        .addField("count", count).addField("tps", count / i.seconds())
                        .addField("failed", run.ok() ? 0L : 3L).addField("retried", count / 200)
                        .addField("reconnects", run.ok() ? 0L : 1L);
                points.add(latencies(tx, i.p99Ms() * slower));
                for (int s = 0; s < STATEMENTS.size(); s++) {
                    Point st = pod(point("benchlab_interval", run, end), run, pod).addTag("round", Integer.toString(i.round()))
                            .addTag("type", STATEMENTS.get(s)).addField("t", t).addField("seconds", i.seconds())
                            .addField("count", count).addField("tps", count / i.seconds());
                    points.add(latencies(st, i.p99Ms() * (0.2 + 0.1 * s) * slower));
                }
            }
        }
        return points;
    }

    /** The client pod's tag on a split run's live point (influx-measurements.md). */
    private static Point pod(Point p, Run run, int pod) {
        return run.pods() == 1 ? p : p.addTag("client_pod", Integer.toString(pod));
    }

    private static List<Point> eventPoints(Run run) {
        List<Point> points = new ArrayList<>();
        points.add(event(run, run.started(), "warmup", 0, "warm-up"));
        for (int r = 1; r <= run.rounds(); r++) {
            List<Interval> round = run.round(r);
            points.add(event(run, round.get(0).measuredStart(), "measured", r, "round " + r + " measured"));
            points.add(event(run, round.get(round.size() - 1).end(), "end", r, "round " + r + " ended"));
        }
        return points;
    }

    private static Point event(Run run, Instant time, String event, int round, String text) {
        return point("benchlab_event", run, time).addTag("event", event).addField("round", (long) round)
                .addField("text", text);
    }

    private static List<Point> roundPoints(Run run) {
        List<Point> points = new ArrayList<>();
        for (int r = 1; r <= run.rounds(); r++) {
            List<Interval> round = run.round(r);
            long committed = round.stream().mapToLong(Interval::count).sum();
            double seconds = round.stream().mapToDouble(Interval::seconds).sum();
            double p99 = round.stream().mapToDouble(Interval::p99Ms).max().orElse(0);
            Point p = point("benchlab_round", run, run.finished()).addTag("round", Integer.toString(r))
                    .addField("seconds", seconds)
                    .addField("committed", committed).addField("failed", run.ok() ? 0L : 6L)
                    .addField("retried", committed / 200).addField("tps", committed / seconds);
            points.add(latencies(p, p99));
        }
        return points;
    }

    private static Point runPoint(Run run) {
        long committed = run.intervals().stream().mapToLong(Interval::count).sum();
        Point p = point("benchlab_run", run, run.finished()).addTag("status", run.status())
                .addField("seconds", run.intervals().stream().mapToDouble(Interval::seconds).sum())
                .addField("committed", committed).addField("failed", run.ok() ? 0L : 6L)
                .addField("exhausted_retries", 0L).addField("retried", committed / 200).addField("tps", run.tps())
                .addField("warnings", run.ok() ? 0L : 1L).addField("warning_codes", run.ok() ? "" : "failure_ratio")
                .addField("cause", run.ok() ? "" : "connection refused").addField("scale", 10L)
                .addField("seed", 42L).addField("rate_tps", 0.0)
                .addField("engine_version", switch (run.engine()) {
                    case "postgres" -> "15.8";
                    case WITHOUT_SERVER -> "2.7.3";
                    default -> "11.4.3";
                })
                .addField("knobs", "{\"clients\":" + run.clients() + ",\"scale\":10}")
                .addField("settings", "{}")
                .addField("db_image", "benchlab/" + run.engine() + ":" + run.profile() + "@sha256:" + "0".repeat(64))
                .addField("runner_image", "")
                .addField("result", "{\"runId\":\"" + run.runId() + "\",\"intervals\":[]}");
        return latencies(p, run.p99Ms());
    }
}
