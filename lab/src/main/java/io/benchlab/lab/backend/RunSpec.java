package io.benchlab.lab.backend;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.server.ServerSampler;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the lab was asked to run, whatever the backend. {@code target} is the database the user
 * gave (embedded or external); it is null when the backend provisions one itself (how, is that
 * backend's own options). {@code output} says where the result goes, how chatty the run is and
 * whether warnings fail it. {@code timeout} is null for no limit. {@code influx} is where the run
 * streams to (null: nowhere).
 */
public record RunSpec(
        Engine engine,
        Profile profile,
        Target target,
        WorkloadConfig workload,
        Output output,
        Duration timeout,
        InfluxSettings influx) {

    /** The same run, its result to FILE (lab nightly gives each cell's a name in the night's folder). */
    public RunSpec withOutputFile(Path file) {
        return new RunSpec(engine, profile, target, workload, new Output(file, output.quiet(), output.strict()), timeout,
                influx);
    }

    /** Whether the runner reads the server's side (and so the database container's usage beside it). */
    public boolean samplesServer() {
        return ServerSampler.wanted(engine, workload);
    }

    /**
     * The planned time (warm-up, rounds, the settles between steps; a counted round taken as 10
     * minutes) plus slack for the load and the start: --timeout's default.
     */
    public static Duration plannedTimeout(WorkloadConfig w) {
        return w.plannedTime(Duration.ofMinutes(10)).plus(LabDefaults.RUN_TIMEOUT_SLACK);
    }
}
