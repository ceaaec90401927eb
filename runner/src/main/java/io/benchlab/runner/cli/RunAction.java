package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Benchmark;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.sink.ConsoleProgressSink;
import io.benchlab.runner.sink.JsonFileSink;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A run from the command line, shared by {@code runner run} and the lab's embedded backend:
 * check the output path, run with progress on stderr, write the result, print the summary.
 * Ctrl-C or SIGTERM stop the run and still write the result, as interrupted.
 */
public final class RunAction {

    private RunAction() {
    }

    public static int execute(Target target, WorkloadConfig config, Path output, Placement placement,
                              boolean quiet, PrintWriter out, PrintWriter err) throws IOException {
        return execute(RunIds.next(target.engine().name()), target, config, output, placement, quiet, out, err);
    }

    /** With the run id given by a lab that launched this runner and labelled its containers with it. */
    public static int execute(String runId, Target target, WorkloadConfig config, Path output, Placement placement,
                              boolean quiet, PrintWriter out, PrintWriter err) throws IOException {
        Path file = OutputPath.check(output != null ? output : Path.of(Defaults.RESULTS_DIR, runId + ".json"));
        List<ResultSink> sinks = new ArrayList<>();
        if (!quiet) {
            sinks.add(new ConsoleProgressSink(err));
        }
        sinks.add(new JsonFileSink(file));
        LoadProgress progress = quiet ? LoadProgress.SILENT : (table, done, total, seconds) ->
                progressLine(err, table, done, total, seconds);
        Benchmark benchmark = new Benchmark(target, config, runId, placement, new Sinks(sinks), progress);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            benchmark.stop();
            try {
                finished.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "benchlab-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        RunResult result;
        try {
            result = benchmark.run();
        } finally {
            finished.countDown();
            removeHook(hook);
        }
        out.print(io.benchlab.runner.sink.SummaryFormat.format(result, file.toString()));
        out.flush();
        return result.status() == Status.OK ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    /** One line per load progress report, on the progress stream. */
    static void progressLine(PrintWriter err, String table, long done, long total, double seconds) {
        err.printf(Locale.ROOT, "load     %s %d/%d (%.0f%%) in %.1f s%n", table, done, total, 100.0 * done / total, seconds);
        err.flush();
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already stopping; the hook has done its part.
        }
    }
}
