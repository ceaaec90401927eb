package io.benchlab.lab.cli;

import io.benchlab.results.ResultFrame;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The result a runner printed with --result-frame, taken out of its log by the lab's own reader:
 * scripts that run the runner themselves (bench.k8s_pgbench) then trust a result exactly as far as
 * the lab does, and hold no second reader of the frame. Hidden: a tool for scripts, not a step of a run.
 */
@Command(versionProvider = VersionProvider.class, name = "result-frame", hidden = true, mixinStandardHelpOptions = true,
        description = "Print the result JSON of a runner's log (run with --result-frame), read from FILE or stdin;"
                + " exit 2 when the log holds no whole frame.")
final class ResultFrameCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "The runner's log (default: stdin).")
    Path file;

    @Override
    public Integer call() throws IOException {
        ResultFrame.Reader frame = new ResultFrame.Reader();
        try (BufferedReader log = open()) {
            for (String line = log.readLine(); line != null; line = log.readLine()) {
                frame.accept(line);
            }
        }
        // As the lab takes it: the last whole frame counts, a damaged one only when no whole one came.
        if (frame.json() == null) {
            throw new BadInputException(frame.problem() != null ? frame.problem()
                    : "no result frame in " + (file == null ? "stdin" : file));
        }
        var out = spec.commandLine().getOut();
        out.println(frame.json());
        out.flush();
        return 0;
    }

    private BufferedReader open() {
        if (file == null) {
            return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        }
        try {
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
