package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.nightly.Nightly;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "nightly", mixinStandardHelpOptions = true,
        description = {"Run every cell of a nightly plan (engines x profiles x client counts, and a canary) as lab run"
                + " would (a capacity cell as lab capacity would), keep each result in the night's folder, judge each cell against its earlier nights and"
                + " write the night's report (report.md and report.html).",
            "A night started again keeps the cells that had finished. Exit 0 when every cell passes, 1 when one"
                + " regressed or failed, 2 for a bad plan (nothing runs)."})
final class NightlyCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Option(names = "--plan", required = true, paramLabel = "FILE",
            description = "The plan (YAML, e.g. k8s/nightly/plan.yaml): options for lab run, cells, canary, judging.")
    Path plan;

    @Option(names = "--results", paramLabel = "DIR", defaultValue = LabDefaults.NIGHTLY_RESULTS,
            converter = PathConverters.Directory.class,
            description = "The nights' folders: DIR/<night>/<cell>.json and the reports (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--night", paramLabel = "NAME",
            description = "The night's name, its folder; names sort as nights do (default: today's UTC date, yyyy-mm-dd).")
    String night;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(plan)) {
            throw new BadInputException("--plan " + plan + " is not a file");
        }
        String name = night != null ? night : LocalDate.now(ZoneOffset.UTC).toString();
        if (!name.matches("[0-9A-Za-z][0-9A-Za-z._-]*")) {
            throw new BadInputException("--night " + name + ": letters, digits, '.', '_' and '-' only (it names a folder)");
        }
        var cl = commandSpec.commandLine();
        return Nightly.run(NightlyPlan.read(plan), plan, results, name, NightlyCommand::plan, cl.getOut(), cl.getErr());
    }

    /** lab run's arguments as lab run would plan them. */
    static PlannedRun plan(List<String> args) {
        LabRunCommand run = new LabRunCommand();
        try {
            CommandLine.ParseResult parsed = new CommandLine(run).parseArgs(args.toArray(String[]::new));
            return run.options.plan(parsed);
        } catch (CommandLine.ParameterException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
