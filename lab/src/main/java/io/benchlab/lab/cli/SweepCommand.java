package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.lab.pipeline.Sweep;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

@Command(versionProvider = VersionProvider.class, name = "sweep", mixinStandardHelpOptions = true,
        modelTransformer = SweepCommand.Lists.class,
        description = {"Run one benchmark per engine and client count, each as lab run would (any backend, every run"
                + " option), keep every result and print one table.",
            "Exit 0 when every point ran ok, 1 when any did not; a failed point does not stop the others, Ctrl-C"
                + " stops the sweep after the current point's result is written."})
final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    /** The lists, in place of lab run's one engine, one client count and one result file (see {@link Lists}). */
    final ListOptions lists = new ListOptions();

    static final class ListOptions {
        @Option(names = "--engine", paramLabel = "NAME,...", defaultValue = Defaults.ENGINE,
                description = "Engines to sweep, comma-separated (LabMain lists them) (default: ${DEFAULT-VALUE}).")
        String engines;

        @Option(names = {"-c", "--clients"}, paramLabel = "N,...", defaultValue = LabDefaults.SWEEP_CLIENTS,
                description = "Client counts to sweep, comma-separated, each with every engine"
                        + " (default: ${DEFAULT-VALUE}).")
        String clients;

        @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = Defaults.RESULTS_DIR,
                converter = PathConverters.Directory.class,
                description = "Write each point's result to DIR/<run-id>.json (default: ${DEFAULT-VALUE}).")
        Path resultsDir;
    }

    /**
     * Replaces lab run's single-value --engine, --clients and --output, which the sweep shares with it
     * through {@link RunOptions}, by the sweep's lists; each point is planned with its own engine and
     * client count in their place. picocli applies this in place of the workload options' own model
     * transformer, so it adds their options first.
     */
    public static final class Lists implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            SweepCommand sweep = (SweepCommand) spec.userObject();
            WorkloadOptions.addOptions(spec); // the mixin's own transformer, which this one overrides
            for (String replaced : new String[] {"--engine", "--clients", "--output"}) {
                spec.remove(spec.findOption(replaced));
            }
            CommandSpec.forAnnotatedObject(sweep.lists).options().forEach(spec::addOption);
            return spec;
        }
    }

    @Override
    public Integer call() throws Exception {
        var points = SweepPoints.parse(lists.engines, lists.clients);
        var parsed = commandSpec.commandLine().getParseResult();
        WritableDirectory.problem(lists.resultsDir).ifPresent(why -> {
            throw new BadInputException("--output " + lists.resultsDir + " cannot hold the results: " + why);
        });
        // Every point is planned before any runs, so that bad input for one of them stops the sweep at the start.
        List<PlannedRun> planned = new ArrayList<>();
        for (SweepPoints.Point p : points.points()) {
            planned.add(options.plan(parsed, p.engine(), p.clients()));
        }
        var out = commandSpec.commandLine().getOut();
        if (options.dryRun()) {
            for (PlannedRun run : planned) {
                RunOptions.printManifests(run, out);
            }
            return 0;
        }
        return Sweep.run(planned, lists.resultsDir, out, commandSpec.commandLine().getErr());
    }
}
