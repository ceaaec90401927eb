package io.benchlab.runner.run;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.sink.ConsoleProgressSink;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * A benchmark in this process, with its live progress on the progress stream. It returns the
 * result and writes nothing: whoever runs it (the runner's CLI, or the lab's pipeline) decides
 * where the result goes.
 */
public final class LocalRun {

    private final Benchmark benchmark;

    /** {@code sinks} take the run's identity, intervals and events as they come; the caller finishes and closes them. */
    public LocalRun(String runId, Target target, WorkloadConfig config, Placement placement, boolean quiet,
                    PrintWriter progress, ResultSink sinks) {
        this(runId, target, config, placement, quiet, progress, sinks, ClientPods.ALONE);
    }

    /** As one of PODS, client processes that split the run's clients against one database. */
    public LocalRun(String runId, Target target, WorkloadConfig config, Placement placement, boolean quiet,
                    PrintWriter progress, ResultSink sinks, ClientPods pods) {
        ResultSink live = quiet ? sinks : new Sinks(List.of(new ConsoleProgressSink(progress, config.interval()), sinks));
        LoadProgress load = quiet ? LoadProgress.SILENT : (table, done, total, seconds) ->
                progressLine(progress, table, done, total, seconds);
        this.benchmark = new Benchmark(target, config, runId, placement, live, load, pods);
    }

    public RunResult run() throws IOException {
        return benchmark.run();
    }

    /** Stops the run; {@link #run()} then returns the result as interrupted, within {@code Defaults.STOP_WITHIN}. */
    public void stop() {
        benchmark.stop();
    }

    /** One line per load progress report, on the progress stream. */
    public static void progressLine(PrintWriter err, String table, long done, long total, double seconds) {
        err.printf(Locale.ROOT, "load     %s %d/%d (%.0f%%) in %.1f s%n", table, done, total, 100.0 * done / total, seconds);
        err.flush();
    }
}
