package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run TPC-B: load if needed, check, warm up, measure, check again, write the result.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Mixin
    WorkloadOptions workload;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result here (default: results/<run-id>.json).")
    Path output;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the summary.")
    boolean quiet;

    @Option(names = "--backend-label", hidden = true, defaultValue = "embedded",
            description = "What the result records as the backend; set by the lab when it launches the runner.")
    String backend;

    @Override
    public Integer call() throws Exception {
        var config = workload.toConfig();
        return RunAction.execute(target.toTarget(), config, output, Placement.of(backend), quiet,
                System.out, System.err);
    }
}
