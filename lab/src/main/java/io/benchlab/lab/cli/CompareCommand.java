package io.benchlab.lab.cli;

import io.benchlab.lab.compare.Compare;
import io.benchlab.lab.compare.RunSources;
import io.benchlab.runner.cli.InfluxOptions;
import io.benchlab.runner.cli.VersionProvider;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs with the first (the baseline): tps, p50, p95, p99 and failures, each with its"
                + " change, its noise bound and a verdict (improved, regressed, no change).",
                "Exit code: 0 no regression, 1 a metric regressed, 2 bad input (or runs that are not comparable)."})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(arity = "2..*", paramLabel = "RUN",
            description = "A result file, or a run id read from InfluxDB (--influx-url). The first is the baseline.")
    List<String> runs;

    @Mixin
    CompareOptions compare;

    @Mixin
    InfluxOptions influx;

    @Override
    public Integer call() {
        Compare.Rules rules = compare.rules();
        return Compare.print(RunSources.load(runs, influx.settings()), rules, commandSpec.commandLine().getOut());
    }
}
