package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.it.ServerTargets;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 50 random combinations of engine and knobs, each of which must end consistent: the verdict ok
 * and the database's own sums as the result says. The seed is printed; replay a failure with
 * {@code -Dbenchlab.knobs.seed=N} (each failure names its combination too). Every engine runs,
 * the servers found as the other integration tests find them.
 */
class RandomKnobsIT {

    static final int COMBINATIONS = 50;
    static final List<String> ENGINES = List.of("hsqldb", "h2", "derby", "postgres", "mariadb", "hsqldb-server");
    static final Map<String, String> SERVER_PREFIX = Map.of("postgres", "BENCHLAB_PG", "mariadb", "BENCHLAB_MARIADB",
            "hsqldb-server", "BENCHLAB_HSQLDB_SERVER");

    /** One engine's database, kept across its combinations; reloaded when a run left it partly applied. */
    static final class Database {
        final Target target;
        boolean reload = true;

        Database(Target target) {
            this.target = target;
        }
    }

    @Test
    void everyCombinationEndsConsistent() throws Exception {
        long seed = Long.getLong("benchlab.knobs.seed", new SplittableRandom().nextLong());
        System.out.println("[knobs] seed " + seed + " (replay: -Dbenchlab.knobs.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Database> databases = new HashMap<>();
        List<String> failures = new ArrayList<>();
        try {
            for (int i = 1; i <= COMBINATIONS; i++) {
                String engine = ENGINES.get(random.nextInt(ENGINES.size()));
                Database db = databases.computeIfAbsent(engine, e -> new Database(target(e)));
                WorkloadConfig config = knobs(random, db);
                String knobs = describe(engine, config);
                RunResult r = new Benchmark(db.target, config, "knobs-" + i, Placement.of("external"),
                        new ResultSink() { }, LoadProgress.SILENT).run();
                System.out.println("[knobs] " + i + " " + knobs + ": " + r.status().json() + ", committed "
                        + (r.figures() == null ? 0 : r.figures().committed()) + ", " + r.consistency().message());
                String problem = problem(r, db.target);
                if (problem != null) {
                    failures.add("#" + i + " " + knobs + ": " + problem);
                }
                db.reload = r.consistency() == null || r.consistency().partial() != null;
            }
        } finally {
            databases.values().stream().filter(d -> d.target.engine().embedded()).forEach(d -> EmbeddedRuns.dispose(d.target));
        }
        assertThat(failures).as("combinations that did not end consistent (seed %d)", seed).isEmpty();
    }

    static Target target(String engine) {
        if (!SERVER_PREFIX.containsKey(engine)) {
            return EmbeddedRuns.target(engine);
        }
        return ServerTargets.require(engine, SERVER_PREFIX.get(engine));
    }

    static WorkloadConfig knobs(SplittableRandom r, Database db) {
        List<Isolation> isolations = new ArrayList<>(Arrays.asList(Isolation.values()));
        isolations.removeIf(i -> db.target.engine().isolationsLosingUpdates().contains(i.jdbcLevel()));
        Double rate = r.nextInt(3) == 0 ? (double) (200 + r.nextInt(2800)) : null;
        return new TestWorkload().clients(List.of(1, 2, 4, 8, 16).get(r.nextInt(5))).duration(Duration.ofMillis(600))
                .warmup(Duration.ofMillis(200)).set("rateTps", rate).rounds(1 + r.nextInt(2)).seed(r.nextLong())
                .set("distribution", Distribution.values()[r.nextInt(Distribution.values().length)])
                .set("statements", StatementMode.values()[r.nextInt(StatementMode.values().length)])
                .autocommit(r.nextBoolean()).isolation(isolations.get(r.nextInt(isolations.size())))
                .set("selectOnly", r.nextInt(10) == 0).maxTries(List.of(1, 10, 1000).get(r.nextInt(3)))
                .interval(Duration.ofMillis(200)).set("loadBatchSize", Defaults.LOAD_BATCH_SIZE).init(db.reload)
                .statementTimeout(Duration.ofSeconds(2)).serverStats(WorkloadConfig.Sampling.OFF).build();
    }

    static String describe(String engine, WorkloadConfig c) {
        return engine + " clients " + c.clients() + " " + c.statements().name().toLowerCase(java.util.Locale.ROOT) + (c.autocommit()
                ? " autocommit" : "") + " " + c.isolation().label() + " " + c.distribution().label()
                + (c.selectOnly() ? " select-only" : "") + (c.rateTps() == null ? "" : " rate " + c.rateTps())
                + " rounds " + c.rounds() + " max-tries " + c.maxTries() + (c.init() ? " init" : "");
    }

    /** Null when the run ended consistent and the database agrees with it; else what is wrong. */
    static String problem(RunResult r, Target target) throws Exception {
        List<String> schema = ResultValidator.validate(r);
        if (!schema.isEmpty()) {
            return "schema: " + schema;
        }
        Consistency c = r.consistency();
        if (c == null || !c.ok()) {
            return "status " + r.status().json() + ", cause " + r.cause();
        }
        Sums db;
        try (Connection conn = target.connect()) {
            db = ConsistencyCheck.sums(conn);
        }
        Consistency.Partial p = c.partial() != null ? c.partial() : new Consistency.Partial(0, 0, 0, 0, 0);
        long history = db.history() - c.before().history();
        boolean agrees = db.equals(c.after()) && p.inDoubtStatements() == 0
                && db.accounts() - c.before().accounts() - history == p.accountsDelta()
                && db.tellers() - c.before().tellers() - history == p.tellersDelta()
                && db.branches() - c.before().branches() - history == p.branchesDelta();
        return agrees || p.inDoubtStatements() > 0 ? null : "the database's sums " + db + " against " + c;
    }
}
