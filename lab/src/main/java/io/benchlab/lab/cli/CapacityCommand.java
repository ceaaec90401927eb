package io.benchlab.lab.cli;

import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.capacity.CapacityDefaults;
import io.benchlab.lab.capacity.CapacityRun;
import io.benchlab.lab.capacity.Objective;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "capacity", mixinStandardHelpOptions = true,
        modelTransformer = CapacityCommand.Steps.class,
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
        // Before the plan, which would refuse a load profile for disagreeing with a step's rounds instead.
        for (String profile : Steps.LOAD_PROFILE) {
            if (parsed.hasMatchedOption(profile)) {
                throw new BadInputException(CapacityRun.OWN_RATE + " (not " + profile + ")");
            }
        }
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

    /**
     * lab run's options as a search takes them: those of a load profile of the user's hidden (each
     * step has its own rate, and a search refuses them), and a step's rounds and their length at the
     * search's defaults, in its help and its reference as in what it runs. Overrides the knob
     * mixin's transformer, so it adds their options first.
     */
    public static final class Steps implements CommandLine.IModelTransformer {
        /** Refused by a search ({@link CapacityRun#requireNoRate}), or meaningless without what is. */
        static final List<String> LOAD_PROFILE = List.of("--rate", "--rate-steps", "--rate-ramp", "--step-duration",
                "--step-settle", "--ramp-duration");

        @Override
        public CommandSpec transform(CommandSpec spec) {
            WorkloadOptions.addOptions(spec);
            // Hidden, not removed: given, each is refused in a line that says what to give instead.
            LOAD_PROFILE.forEach(name -> replace(spec, name, b -> b.hidden(true)));
            replace(spec, "--rounds", b -> b.defaultValue("" + CapacityDefaults.ROUNDS).description("Measured rounds"
                    + " of each step; a step passes when every round met the objectives, which a sign test can tell"
                    + " from " + CapacityDefaults.ROUNDS + " rounds on (default: ${DEFAULT-VALUE})."));
            // The default in the text alone: with -t a round has no length (withStepDefaults gives one without).
            replace(spec, "--duration", b -> b.description(String.format(Locale.ROOT, "Length of each"
                    + " measured round of a step, e.g. 5s, 30s (default: %ss unless -t is given). Every duration"
                    + " option takes ms, s, m, h and d, up to 30d.", new BigDecimal(
                            CapacityDefaults.ROUND_SECONDS).stripTrailingZeros().toPlainString())));
            return spec;
        }

        private static void replace(CommandSpec spec, String name, UnaryOperator<OptionSpec.Builder> change) {
            OptionSpec old = spec.findOption(name);
            spec.remove(old);
            spec.addOption(change.apply(OptionSpec.builder(old)).build());
        }
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
