package io.benchlab.lab.backend;

import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The runner's command line for a run the lab launches elsewhere (a container, a Job pod): the
 * workload knobs as options, the database as URL + user + password file. Never a password.
 */
public final class RunnerArgs {

    /** Where the runner writes its result inside its container; the lab copies it out. */
    public static final String RESULT_FILE = "/results/result.json";

    private RunnerArgs() {
    }

    public record Database(String engine, String profile, String jdbcUrl, String user, String passwordFile) {
    }

    public static List<String> run(String runId, String backend, Database db, WorkloadConfig w, Output output) {
        return run(runId, backend, db, w, output, RESULT_FILE);
    }

    /** As above, the result written to RESULT (a path in the runner's container). */
    public static List<String> run(String runId, String backend, Database db, WorkloadConfig w, Output output,
                                   String result) {
        List<String> args = new ArrayList<>(List.of("run", "--run-id", runId, "--backend-label", backend,
                "--engine", db.engine(), "--profile", db.profile(), "--jdbc-url", db.jdbcUrl(),
                "--user", db.user(), "--password-file", db.passwordFile(), "--output", result));
        if (output.quiet()) {
            args.add("--quiet");
        }
        if (output.strict()) {
            args.add("--strict");
        }
        args.addAll(KnobCodec.arguments(w));
        return args;
    }

    /**
     * The runner's InfluxDB options for a run the lab completes: the live points only (the lab writes
     * the summary), the token as a file at {@code tokenFile}, {@code url} as the runner reaches it.
     * Empty when the run does not stream.
     */
    public static List<String> influx(InfluxSettings influx, URI url, String tokenFile) {
        if (influx == null) {
            return List.of();
        }
        List<String> args = new ArrayList<>(List.of("--influx-url", url.toString(), "--influx-org", influx.org(),
                "--influx-bucket", influx.bucket(), "--influx-token-file", tokenFile, "--influx-live-only"));
        if (influx.bufferPoints() != Defaults.INFLUX_BUFFER_POINTS) {
            args.addAll(List.of("--influx-buffer-points", "" + influx.bufferPoints()));
        }
        return args;
    }
}
