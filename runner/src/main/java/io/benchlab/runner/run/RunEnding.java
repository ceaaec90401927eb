package io.benchlab.runner.run;

import io.benchlab.results.RunResult;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.SummaryFormat;
import java.io.IOException;
import java.io.PrintWriter;

/** The end of every run, wherever it ran: the result through the sinks, the summary, the exit code. */
public final class RunEnding {

    private RunEnding() {
    }

    public static int finish(RunResult result, ResultSink sinks, String resultPath, PrintWriter out, boolean strict)
            throws IOException {
        RunResult complete = complete(result, sinks);
        out.print(SummaryFormat.format(complete, resultPath));
        out.flush();
        return ExitCodes.of(complete, strict);
    }

    /**
     * The sinks' notes (an InfluxDB outage) added to the result, the result through every sink, the
     * sinks closed (flushed); returns the result as written.
     */
    public static RunResult complete(RunResult result, ResultSink sinks) throws IOException {
        // A stop's interrupt must not keep the result from its file (NIO gives up on an interrupted thread).
        boolean interrupted = Thread.interrupted();
        try (sinks) {
            RunResult complete = result.withMoreWarnings(sinks.notes());
            sinks.onFinish(complete);
            return complete;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
