package io.benchlab.runner.cli;

import io.benchlab.runner.run.Output;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the result goes, how chatty the run is and what fails it; shared by {@code runner run} and {@code lab run}. */
public final class OutputOptions {

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Write the result here (default: results/<run-id>.json).")
    Path output;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the summary.")
    boolean quiet;

    @Option(names = "--strict", description = "Exit 1 when the result carries any warning, even with status ok"
            + " (for nightly jobs).")
    boolean strict;

    /** What the options say, as the run takes it. */
    public Output toOutput() {
        return new Output(output, quiet, strict);
    }
}
