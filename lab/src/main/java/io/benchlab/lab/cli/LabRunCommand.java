package io.benchlab.lab.cli;

import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.runner.cli.VersionProvider;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "run", mixinStandardHelpOptions = true,
        description = "Run one benchmark on a backend and write its result.")
final class LabRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() throws Exception {
        var run = options.plan(commandSpec.commandLine().getParseResult());
        var out = commandSpec.commandLine().getOut();
        if (options.dryRun()) {
            return RunOptions.printManifests(run, out);
        }
        return RunPipeline.run(run.backend(), run.spec(), out, commandSpec.commandLine().getErr());
    }
}
