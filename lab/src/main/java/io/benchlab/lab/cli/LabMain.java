package io.benchlab.lab.cli;

import io.benchlab.runner.cli.Cli;
import io.benchlab.runner.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "lab", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "benchlab: reproducible TPC-B benchmarks of database engines.",
        subcommands = {LabRunCommand.class, EnginesCommand.class, CommandLine.HelpCommand.class})
public final class LabMain {

    public static CommandLine commandLine() {
        return Cli.configure(new CommandLine(new LabMain()));
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
