package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.results.ResultFrame;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.sink.JsonFileSink;
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

    public static int execute(String runId, Target target, WorkloadConfig config, Placement placement,
                              OutputOptions options, boolean framed, PrintWriter out, PrintWriter err) throws IOException {
        Path file = OutputPath.forRun(options.output(), runId);
        LocalRun run = new LocalRun(runId, target, config, placement, options.quiet(), err);
        try (StopHook hook = StopHook.install("benchlab-stop", run::stop, Defaults.STOP_WITHIN.plusMillis(500))) {
            RunResult result = run.run();
            if (!framed) {
                return RunEnding.finish(result, new JsonFileSink(file), file.toString(), out, options.strict());
            }
            new JsonFileSink(file).onFinish(result);
            ResultFrame.lines(ResultJson.write(result)).forEach(out::println);
            out.flush();
            return ExitCodes.of(result, options.strict());
        }
    }
}
