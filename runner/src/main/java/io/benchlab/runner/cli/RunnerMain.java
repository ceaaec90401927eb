package io.benchlab.runner.cli;

import io.benchlab.runner.run.StopHook;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "runner", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "The benchlab TPC-B runner.",
        subcommands = {InitCommand.class, RunCommand.class, CheckCommand.class, StepsCommand.class,
                CommandLine.HelpCommand.class})
public final class RunnerMain {

    public static CommandLine commandLine() {
        return Cli.configure(new CommandLine(new RunnerMain()));
    }

    public static void main(String[] args) {
        int code = commandLine().execute(args);
        StopHook.exit(code);
    }
}
