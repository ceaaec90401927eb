package io.benchlab.lab.cli;

import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.capacity.CapacityDefaults;
import io.benchlab.lab.capacity.CapacityRun;
import io.benchlab.lab.capacity.Objective;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "capacity", mixinStandardHelpOptions = true,
        description = {"Find the highest offered rate at which the objectives hold (--slo): the database made and"
                + " loaded once on any backend, a short flat-out probe (unless --start-rate), then steps at offered"
                + " rates, up by a factor of 2 until one fails, then halving the bracket until it is within"
                + " --precision.",
            "Each step is a run as lab run makes one (its own warm-up and result file) of 5"
                + " rounds of 5s unless --rounds and --duration say otherwise; it passes when every objective held in"
                + " each round (a sign test: 5 of 5 by chance at most 1/32) and over all of them, and it kept its"
                + " schedule.",
            "The answer is an interval: the last rate that passed and the first that failed. It goes to"
                + " results/<capacity-id>.json (or --output), the steps' results beside it; lab report draws it.",
            "Exit 0 when the search ended with an answer, 1 when a step could not run. Ctrl-C or SIGTERM stops the"
                + " step that runs (its result written as interrupted) and the search (its document written as"
                + " interrupted, the table printed); the lab then exits 130 or 143, as on a signal."})
final class CapacityCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Option(names = "--slo", required = true, paramLabel = "OBJECTIVE",
            description = "An objective every step must meet, e.g. 'p99<=10ms', 'p95<=500us', 'failures<=0.1%%'"
                    + " (repeatable: all must hold). Metrics: p50, p90, p95, p99, p999, max, failures.")
    List<String> slos;

    @Option(names = "--precision", paramLabel = "RATIO", defaultValue = "5%",
            description = "Stop when (first fail - last pass) / last pass is at most this, e.g. 5%% or 0.05"
                    + " (default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(names = "--start-rate", paramLabel = "TPS",
            description = "The first step's offered rate, instead of half of what a flat-out probe reached.")
    Double startRate;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "" + CapacityDefaults.MAX_STEPS,
            description = "The most steps the search runs (default: ${DEFAULT-VALUE}); it ends earlier at its"
                    + " precision.")
    int maxSteps;

    @Override
    public Integer call() throws Exception {
        ParseResult parsed = commandSpec.commandLine().getParseResult();
        CapacityRun.Ask ask = new CapacityRun.Ask(Objective.parseAll(slos), ratio(precision), startRate, maxSteps);
        PlannedRun run = options.plan(parsed);
        CapacityRun.requireNoRate(run.spec().workload());
        RunSpec spec = CapacityRun.withStepDefaults(run.spec(), parsed.hasMatchedOption("--rounds"),
                parsed.hasMatchedOption("--duration"));
        if (options.dryRun()) {
            // The objects the search makes once, and its first step's Job: --dry-run must make nothing.
            return RunOptions.printManifests(new PlannedRun(run.backend(), spec), commandSpec.commandLine().getOut());
        }
        String capacityId = CapacityRun.nextId(spec.engine().name());
        Path file = CapacityRun.file(spec.output().file(), Path.of(Defaults.RESULTS_DIR), capacityId);
        return CapacityRun.run(run.backend(), spec, ask, capacityId, file, commandSpec.commandLine().getOut(),
                commandSpec.commandLine().getErr());
    }

    /** "5%" or "0.05". */
    static double ratio(String text) {
        String t = text.strip();
        try {
            return t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
                    : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new BadInputException("--precision: '" + text + "' is not a ratio; give e.g. 5% or 0.05");
        }
    }
}
