package io.benchlab.results;

/**
 * Every workload setting that shapes the figures, including the seed, so that a run can be
 * repeated exactly. Exactly one of {@code durationSeconds} and {@code transactionsPerClient} is set.
 * {@code statementTimeoutSeconds} 0 means statements were never cancelled for taking too long.
 * {@code serverStats} {@code on} or {@code off}: whether the database's side was sampled; null in
 * results from before it was a knob, which ran without. {@code driver} {@code jdbc} or {@code vertx}:
 * how the clients talked to the database; null in results from before it was a knob, which used JDBC.
 */
public record Knobs(
        String workload,
        int scale,
        int clients,
        Double durationSeconds,
        Long transactionsPerClient,
        double warmupSeconds,
        Double rateTps,
        int rounds,
        long seed,
        String distribution,
        String statements,
        boolean autocommit,
        String isolation,
        boolean selectOnly,
        int maxTries,
        double intervalSeconds,
        int loadBatchSize,
        double statementTimeoutSeconds,
        String serverStats,
        String driver) {

    /** Knobs from before {@code driver} was one: the clients used JDBC. */
    public Knobs(String workload, int scale, int clients, Double durationSeconds, Long transactionsPerClient,
                 double warmupSeconds, Double rateTps, int rounds, long seed, String distribution, String statements,
                 boolean autocommit, String isolation, boolean selectOnly, int maxTries, double intervalSeconds,
                 int loadBatchSize, double statementTimeoutSeconds, String serverStats) {
        this(workload, scale, clients, durationSeconds, transactionsPerClient, warmupSeconds, rateTps, rounds, seed,
                distribution, statements, autocommit, isolation, selectOnly, maxTries, intervalSeconds, loadBatchSize,
                statementTimeoutSeconds, serverStats, null);
    }
}
