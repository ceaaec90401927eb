package io.benchlab.lab.cli;

import io.benchlab.lab.compare.Compare;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.RunSources;
import io.benchlab.runner.cli.VersionProvider;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs with the first (the baseline): tps, p50, p95, p99 and failures, each with its"
                + " change, the confidence interval of the change (noise), the p-value and a verdict (improved,"
                + " regressed, no change when the whole interval lies within --threshold, else inconclusive, with how"
                + " many runs or rounds a side would tell).",
                "A run's value is that of all its rounds together; the samples are its rounds, and the noise is theirs"
                + " plus the spread between identical runs (measured from two runs or more a side, else taken as"
                + " --between-runs times the rounds'). Student's t on that noise and the Mann-Whitney U test on the"
                + " rounds must both find a change at --alpha, and it must pass --threshold (latencies also"
                + " --latency-floor). Several runs of one configuration make one side (a1.json,a2.json).",
                "Exit code: 0 no regression, 1 a metric regressed (or, with --strict, one was inconclusive),"
                + " 2 bad input (or runs that are not comparable)."})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(arity = "2..*", paramLabel = "RUN",
            description = "A result file, or a run id read from InfluxDB (--influx-url); several, separated by commas,"
                    + " make one side. The first is the baseline.")
    List<String> runs;

    @Mixin
    CompareOptions compare;

    @Option(names = "--strict",
            description = "Exit 1 when a metric is inconclusive too (the runs cannot tell a change from none).")
    boolean strict;

    @Mixin
    InfluxSourceOptions influx;

    @Override
    public Integer call() {
        CompareRules rules = compare.rules(strict);
        return Compare.print(RunSources.sides(runs, influx.settings()), rules, commandSpec.commandLine().getOut());
    }
}
