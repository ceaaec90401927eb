package io.benchlab.lab.cli;

import io.benchlab.lab.stack.StackCommand;
import io.benchlab.runner.cli.Cli;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.run.StopHook;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

@Command(name = "lab", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "benchlab: reproducible TPC-B benchmarks of database engines.",
        subcommands = {LabRunCommand.class, SweepCommand.class, CapacityCommand.class, NightlyCommand.class, CompareCommand.class, RerunCommand.class,
                ReportCommand.class, HistoryCommand.class, StackCommand.class, CleanCommand.class, EnginesCommand.class,
                ResultFrameCommand.class, MergeCommand.class,
                CommandLine.HelpCommand.class})
public final class LabMain {

    public static CommandLine commandLine() {
        CommandLine cmd = Cli.configure(new CommandLine(new LabMain()));
        describeServersOnTheLab(cmd.getSubcommands().get("run").getCommandSpec(), "Engine: ");
        describeServersOnTheLab(cmd.getSubcommands().get("sweep").getCommandSpec(),
                "Engines to sweep, comma-separated, each on the backend lab run would choose for it: ");
        return cmd;
    }

    public static void main(String[] args) {
        int code = commandLine().execute(args);
        StopHook.exit(code);
    }

    /**
     * The target options are the runner's, whose help says a server engine needs --jdbc-url and
     * that its profile is read back; on the lab a server engine runs in containers unless given
     * --jdbc-url, and there the profile picks the image.
     */
    private static void describeServersOnTheLab(CommandSpec run, String engine) {
        redescribe(run, "--engine", engine + names(true) + " (in-process); " + names(false)
                + " (servers: in containers on the docker backend, in pods on the kubernetes backend, or your own at"
                + " --jdbc-url)"
                + " (default: ${DEFAULT-VALUE}).");
        redescribe(run, "--profile", "Engine profile, e.g. memory, durable, relaxed (default: the engine's first)."
                + " On the docker and kubernetes backends the profile picks the image's configuration; a server at --jdbc-url"
                + " is read back, not changed.");
    }

    private static String names(boolean embedded) {
        return Engines.all().stream().filter(e -> e.embedded() == embedded).map(Engine::name)
                .collect(Collectors.joining(", "));
    }

    private static void redescribe(CommandSpec command, String option, String description) {
        OptionSpec old = command.findOption(option);
        command.remove(old);
        command.addOption(OptionSpec.builder(old).description(description).build());
    }
}
