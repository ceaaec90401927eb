package io.benchlab.runner.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the result goes and how chatty the run is; shared by {@code runner run} and {@code lab run}. */
public final class OutputOptions {

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Write the result here (default: results/<run-id>.json).")
    Path output;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the summary.")
    boolean quiet;

    public Path output() {
        return output;
    }

    public boolean quiet() {
        return quiet;
    }
}
