package io.benchlab.lab.cli;

import io.benchlab.lab.backend.Backends;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.runner.cli.TargetOptions;
import io.benchlab.runner.cli.WorkloadOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run one benchmark on a backend and write its result.")
final class LabRunCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Mixin
    WorkloadOptions workload;

    @Option(names = "--backend", paramLabel = "NAME", defaultValue = "embedded",
            description = "Where the engine runs: embedded (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result here (default: results/<run-id>.json).")
    Path output;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines, only the summary.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        var chosen = Backends.find(backend);
        var spec = new RunSpec(target.toTarget(), workload.toConfig(), output, quiet);
        return chosen.run(spec, System.out, System.err);
    }
}
