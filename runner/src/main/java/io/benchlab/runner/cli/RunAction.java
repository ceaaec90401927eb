package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Benchmark;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.sink.ConsoleProgressSink;
import io.benchlab.runner.sink.JsonFileSink;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.sink.SummaryFormat;
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
 * Ctrl-C or SIGTERM stop the run and still write the result, as interrupted, and print its
 * summary (the process then exits 130 or 143, as on any signal).
 */
public final class RunAction {

    private RunAction() {
    }

    public static int execute(Target target, WorkloadConfig config, Placement placement, OutputOptions options,
                              PrintWriter out, PrintWriter err) throws IOException {
        return execute(RunIds.next(target.engine().name()), target, config, placement, options, out, err);
    }

    /** With the run id given by a lab that launched this runner and labelled its containers with it. */
    public static int execute(String runId, Target target, WorkloadConfig config, Placement placement,
                              OutputOptions options, PrintWriter out, PrintWriter err) throws IOException {
        Path file = OutputPath.forRun(options.output(), runId);
        List<ResultSink> sinks = new ArrayList<>();
        if (!options.quiet()) {
            sinks.add(new ConsoleProgressSink(err, config.interval()));
        }
        sinks.add(new JsonFileSink(file));
        LoadProgress progress = options.quiet() ? LoadProgress.SILENT : (table, done, total, seconds) ->
                progressLine(err, table, done, total, seconds);
        Benchmark benchmark = new Benchmark(target, config, runId, placement, new Sinks(sinks), progress);
        // On SIGINT/SIGTERM the JVM runs this hook and exits when it returns: it stops the run and
        // waits until the result is written and its summary printed.
        CountDownLatch summarized = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            benchmark.stop();
            try {
                summarized.await(Defaults.STOP_WITHIN.toMillis() + 500, TimeUnit.MILLISECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "benchlab-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            RunResult result = benchmark.run();
            out.print(SummaryFormat.format(result, file.toString()));
            out.flush();
            return ExitCodes.of(result, options.strict());
        } finally {
            summarized.countDown();
            removeHook(hook);
        }
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
