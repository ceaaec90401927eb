package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.results.ResultFrame;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.LocalRun;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.run.OutputPath;
import io.benchlab.runner.run.RunEnding;
import io.benchlab.runner.run.RunSinks;
import io.benchlab.runner.run.StopHook;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.sink.influx.InfluxSink;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code runner run}: check the output path, run with progress on stderr, write the result, print
 * the summary. Ctrl-C or SIGTERM stop the run and still write the result, as interrupted, and
 * print its summary (the process then exits 130 or 143, as on any signal). For a lab that cannot
 * read the runner's files (a Job pod), {@code framed} puts the result on stdout as a
 * {@link ResultFrame} in place of the summary.
 */
public final class RunAction {

    private RunAction() {
    }

    /**
     * {@code influx} (null: none) adds the InfluxDB sink; {@code influxLiveOnly} keeps it to the live
     * points, for a runner whose result the lab completes and writes to InfluxDB itself.
     */
    public static int execute(String runId, Target target, WorkloadConfig config, ClientPods pods, Placement placement,
                              Output options, InfluxSettings influx, boolean influxLiveOnly, boolean framed,
                              PrintWriter out, PrintWriter err) throws IOException {
        Path file = OutputPath.forRun(options.file(), runId);
        Sinks sinks = RunSinks.of(file, influx, influxLiveOnly ? InfluxSink.Scope.LIVE : InfluxSink.Scope.ALL,
                line -> warn(err, line));
        prepareTheWayOut();
        LocalRun run = new LocalRun(runId, target, config, placement, options.quiet(), err, sinks, pods);
        try (sinks; StopHook hook = StopHook.install("benchlab-stop", run::stop, Defaults.STOP_HOLD)) {
            RunResult result = run.run();
            if (!framed) {
                return RunEnding.finish(result, sinks, file.toString(), out, options.strict());
            }
            RunResult complete = RunEnding.complete(result, sinks);
            ResultFrame.lines(ResultJson.write(complete)).forEach(out::println);
            out.flush();
            return ExitCodes.of(complete, options.strict());
        }
    }

    /** The result's serializers built while the run starts: a stop leaves little time to write it ({@link ResultJson#prepare}). */
    private static void prepareTheWayOut() {
        Thread t = new Thread(ResultJson::prepare, "benchlab-prepare-result");
        t.setDaemon(true);
        t.start();
    }

    /** One warning line on the progress stream. */
    public static void warn(PrintWriter err, String line) {
        err.println("WARNING " + line);
        err.flush();
    }
}
