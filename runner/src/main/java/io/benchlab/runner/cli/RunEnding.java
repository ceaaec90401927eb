package io.benchlab.runner.cli;

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
        // A stop's interrupt must not keep the result from its file (NIO gives up on an interrupted thread).
        boolean interrupted = Thread.interrupted();
        try {
            sinks.onFinish(result);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        out.print(SummaryFormat.format(result, resultPath));
        out.flush();
        return ExitCodes.of(result, strict);
    }
}
