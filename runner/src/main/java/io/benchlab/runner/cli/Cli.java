package io.benchlab.runner.cli;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;

/**
 * Wires a picocli command the benchlab way: bad input is one line on stderr and exit 2, never
 * a stack trace; anything unexpected is one line and exit 1 (the trace only with BENCHLAB_DEBUG=1).
 */
public final class Cli {

    private Cli() {
    }

    public static CommandLine configure(CommandLine cmd) {
        String name = cmd.getCommandName();
        // Without clustering, "--duration -5s" reaches the duration converter instead of
        // being read as the short options -5 and -s.
        cmd.setPosixClusteredShortOptionsAllowed(false);
        NumberConverters.register(cmd);
        cmd.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(name + ": " + oneLine(ex.getMessage()) + " (see --help)");
            err.flush();
            return ExitCodes.BAD_INPUT;
        });
        // picocli skips its checks once --help is asked for, so "lab nosuchcommand --help" would print
        // the top-level help and exit 0: an argument nothing took is refused first.
        cmd.setExecutionStrategy(parseResult -> {
            for (CommandLine.ParseResult r = parseResult; r != null; r = r.subcommand()) {
                if (!r.unmatched().isEmpty()) {
                    PrintWriter err = r.commandSpec().commandLine().getErr();
                    err.println(name + ": " + unmatched(r) + " (see --help)");
                    err.flush();
                    return ExitCodes.BAD_INPUT;
                }
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (ex instanceof BadInputException) {
                err.println(name + ": " + oneLine(ex.getMessage()));
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            err.println(name + ": internal error: " + oneLine(String.valueOf(ex)));
            if ("1".equals(System.getenv("BENCHLAB_DEBUG"))) {
                ex.printStackTrace(err);
            }
            err.flush();
            return ExitCodes.RUN_FAILED;
        });
        return cmd;
    }

    /** "no such command 'x'" where a command with subcommands got a word it does not know, else the argument. */
    private static String unmatched(CommandLine.ParseResult r) {
        String first = r.unmatched().get(0);
        boolean command = !r.commandSpec().subcommands().isEmpty() && !first.startsWith("-");
        return command ? "no such command '" + first + "'; the commands are "
                + String.join(", ", r.commandSpec().subcommands().entrySet().stream()
                        .filter(c -> !c.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey).toList())
                : "unknown argument '" + first + "'";
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
