package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.lab.pipeline.Sweep;
import io.benchlab.lab.pipeline.SweepRow;
import io.benchlab.lab.pipeline.SweepSetups;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

@Command(versionProvider = VersionProvider.class, name = "sweep", mixinStandardHelpOptions = true,
        modelTransformer = SweepCommand.Lists.class,
        description = {"Run one benchmark per engine and client count, each as lab run would (any backend, every run"
                + " option), keep every result and print one table.",
            "The set-up options take lists too (--profile, --db-set KEY=V1,V2, --engine-version, --db-storage), the"
                + " first value of each the baseline: every combination is a point, named by what differs from the"
                + " baseline, and with --rounds 5 or more judged on tps against the baseline at the same engine and"
                + " clients as lab compare judges (lab compare --by setup DIR judges the folder again).",
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

        @Option(names = "--profile", paramLabel = "NAME,...",
                description = "Profiles to sweep, comma-separated, the first the baseline (default: the engine's"
                        + " first).")
        String profiles;

        @Option(names = "--db-set", paramLabel = "KEY=V1,V2,...",
                description = "Sweep a server setting over these values, the first the baseline (repeatable, one axis"
                        + " per key; one value: set on every point); wins over --db-config.")
        List<String> dbSets;

        @Option(names = "--engine-version", paramLabel = "VERSION,...",
                description = "Engine versions to sweep, each one the descriptor pins, the first the baseline"
                        + " (default: the descriptor's first).")
        String versions;

        @Option(names = DbStorage.OPTION, paramLabel = "KIND,...",
                description = "Storage kinds to sweep (--backend docker: container, volume, tmpfs[:SIZE], bind:PATH),"
                        + " the first the baseline (default: container).")
        String storages;

        @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = Defaults.RESULTS_DIR,
                converter = PathConverters.Directory.class,
                description = "Write each point's result to DIR/<run-id>.json (default: ${DEFAULT-VALUE}).")
        Path resultsDir;
    }

    /** The set-up axes' options as lab run has them: each point's value is set on them before it is planned. */
    final Map<String, OptionSpec> setupOptions = new LinkedHashMap<>();

    /**
     * Replaces lab run's single-value --engine, --clients, --output and set-up options (--profile,
     * --db-set, --engine-version, --db-storage), which the sweep shares with it through
     * {@link RunOptions}, by the sweep's lists; each point is planned with its own engine, client
     * count and set-up in their place. picocli applies this in place of the workload options' own
     * model transformer, so it adds their options first.
     */
    public static final class Lists implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            SweepCommand sweep = (SweepCommand) spec.userObject();
            WorkloadOptions.addOptions(spec); // the mixin's own transformer, which this one overrides
            for (String replaced : new String[] {"--engine", "--clients", "--output"}) {
                spec.remove(spec.findOption(replaced));
            }
            for (String setup : SETUP_OPTIONS) {
                OptionSpec option = spec.findOption(setup);
                spec.remove(option);
                sweep.setupOptions.put(setup, option);
            }
            CommandSpec.forAnnotatedObject(sweep.lists).options().forEach(spec::addOption);
            return spec;
        }
    }

    private static final List<String> SETUP_OPTIONS =
            List.of("--profile", "--db-set", "--engine-version", DbStorage.OPTION);

    @Override
    public Integer call() throws Exception {
        var grid = SweepPoints.parse(lists.engines, lists.clients);
        var axes = SetupAxes.parse(lists.profiles, lists.dbSets, lists.versions, lists.storages);
        var points = grid.points(axes.setups());
        var parsed = commandSpec.commandLine().getParseResult();
        Path resultsDir = lists.resultsDir;
        WritableDirectory.problem(resultsDir).ifPresent(why -> {
            throw new BadInputException("--output " + resultsDir + " cannot hold the results: " + why);
        });
        // Every point is planned before any runs, so that bad input for one of them (an engine version
        // the descriptor does not pin, a setting on a backend that takes none) stops the sweep at the start.
        List<PlannedRun> planned = new ArrayList<>();
        for (SweepPoints.Point p : points) {
            setOn(p.setup());
            planned.add(options.plan(parsed, p.engine(), p.clients()));
        }
        var setups = new SweepSetups(points.stream().map(p -> p.setup().name()).toList(),
                SweepPoints.baselines(points), planned.get(0).spec().workload().rounds());
        var out = commandSpec.commandLine().getOut();
        if (options.dryRun()) {
            for (PlannedRun run : planned) {
                RunOptions.printManifests(run, out);
            }
            return 0;
        }
        for (PlannedRun run : planned) {
            try {
                run.preflight();
            } catch (BadInputException e) {
                throw new BadInputException("point " + SweepRow.label(run) + ": " + e.getMessage());
            }
        }
        return Sweep.run(planned, setups, resultsDir, out, commandSpec.commandLine().getErr());
    }

    /** Gives lab run's set-up options the point's values, as if it had been given them alone. */
    private void setOn(SetupAxes.Setup setup) {
        setupOptions.get("--profile").setValue(setup.profile());
        setupOptions.get("--db-set").setValue(setup.dbSets());
        setupOptions.get("--engine-version").setValue(setup.version());
        setupOptions.get(DbStorage.OPTION).setValue(setup.storage());
    }
}
