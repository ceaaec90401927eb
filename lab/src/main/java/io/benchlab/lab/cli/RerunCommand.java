package io.benchlab.lab.cli;

import io.benchlab.lab.ResultFiles;
import io.benchlab.lab.rerun.Rerun;
import io.benchlab.runner.cli.InfluxOptions;
import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.VersionProvider;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "rerun", mixinStandardHelpOptions = true,
        description = {"Run again what a result describes (engine, profile, backend, knobs and seed; on docker the"
                + " engine's pinned image, refused when its digest is not the recorded one, the recorded limits, the"
                + " database's storage and its write cap),"
                + " then compare the new run with it as lab compare does.",
                "Exit code: 0 no regression, 1 a metric regressed or the run failed, 2 bad input."})
final class RerunCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(paramLabel = "RESULT.json", description = "The result to run again.")
    Path result;

    @Option(names = "--allow-image-change",
            description = "Go on with the pinned image of now when its digest is not the one the result records.")
    boolean allowImageChange;

    @Mixin
    CompareOptions compare;

    @Mixin
    OutputOptions output;

    @Mixin
    InfluxOptions influx;

    @Override
    public Integer call() throws Exception {
        var rules = compare.rules(output.toOutput().strict());
        var recorded = ResultFiles.read(result);
        return Rerun.run(result.toString(), recorded, output.toOutput(), influx.settings(), allowImageChange, rules,
                commandSpec.commandLine().getOut(), commandSpec.commandLine().getErr());
    }
}
