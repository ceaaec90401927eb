package io.benchlab.lab.cli;

import io.benchlab.lab.compare.Compare;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.RunSources;
import io.benchlab.lab.compare.SetupGroups;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
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
                "With --by setup DIR, the results of DIR (a sweep's, say) are grouped by set-up (engine, version,"
                + " profile, settings given, storage, clients) and each group's tps is judged against the baseline"
                + " group at the same engine and clients, one line a group: which set-up won.",
                "Exit code: 0 no regression, 1 a metric regressed (or, with --strict, one was inconclusive),"
                + " 2 bad input (or runs that are not comparable)."})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(arity = "1..*", paramLabel = "RUN",
            description = "A result file, or a run id read from InfluxDB (--influx-url); several, separated by commas,"
                    + " make one side. The first is the baseline. With --by setup: one folder of results.")
    List<String> runs;

    @Option(names = "--by", paramLabel = "setup",
            description = "Group the results of one folder by set-up and judge each group against the baseline"
                    + " group at the same engine and clients (setup is the one grouping there is).")
    String by;

    @Option(names = "--baseline", paramLabel = "KEY=VALUE",
            description = "With --by setup: the baseline group is the one with this part of the set-up (KEY: profile,"
                    + " version, storage or a setting's key; repeatable) (default: the group of the earliest run at"
                    + " each engine and client count).")
    List<String> baseline;

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
        if (by != null) {
            if (!by.equals("setup")) {
                throw new BadInputException("--by " + by + ": the one grouping is --by setup");
            }
            if (runs.size() != 1) {
                throw new BadInputException("--by setup takes one folder of results, got " + runs.size() + " arguments");
            }
            return SetupGroups.print(Path.of(runs.get(0)), baseline == null ? List.of() : baseline, rules,
                    commandSpec.commandLine().getOut());
        }
        if (baseline != null) {
            throw new BadInputException("--baseline picks a group of --by setup; without it the first run named is"
                    + " the baseline");
        }
        if (runs.size() < 2) {
            throw new BadInputException("give two runs or more: the first is the baseline (or --by setup DIR)");
        }
        return Compare.print(RunSources.sides(runs, influx.settings()), rules, commandSpec.commandLine().getOut());
    }
}
