package io.benchlab.lab.cli;

import io.benchlab.lab.backend.Backends;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.TargetOptions;
import io.benchlab.runner.cli.WorkloadOptions;
import java.util.concurrent.Callable;
import io.benchlab.runner.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "run", mixinStandardHelpOptions = true,
        description = "Run one benchmark on a backend and write its result.")
final class LabRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkloadOptions workload;

    @Option(names = "--backend", paramLabel = "NAME",
            description = "Where the engine runs: embedded (in this process) or external (a server you run,"
                    + " at --jdbc-url) (default: embedded for in-process engines, external with --jdbc-url).")
    String backend;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        var resolved = target.toTarget();
        var chosen = Backends.choose(backend, resolved);
        var spec = new RunSpec(resolved, workload.toConfig(), output.output(), output.quiet());
        return chosen.run(spec, commandSpec.commandLine().getOut(), commandSpec.commandLine().getErr());
    }
}
