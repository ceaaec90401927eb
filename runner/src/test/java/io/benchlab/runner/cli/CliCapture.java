package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Runs a picocli command line in this JVM and captures everything it prints: the command
 * line's own out/err writers and, because some commands print through {@code System.out} /
 * {@code System.err}, those two streams as well. Tests using it should hold the
 * {@code SYSTEM_OUT} and {@code SYSTEM_ERR} resource locks.
 */
public final class CliCapture {

    /** What one execution returned and printed. */
    public record Outcome(int exitCode, String out, String err, String systemOut, String systemErr) {

        /** Everything printed, on any channel. */
        public String everything() {
            return out + err + systemOut + systemErr;
        }

        /** What went to either error channel, in order writer then System.err. */
        public String allErr() {
            return err + systemErr;
        }

        /** What went to either output channel. */
        public String allOut() {
            return out + systemOut;
        }

        /** Bad input as the lab's commands must tell it: exit 2, one line naming {@code parts}, no trace, no output. */
        public void assertBadInputLine(String... parts) {
            assertThat(exitCode).as("%s", this).isEqualTo(2);
            assertThat(allErr().strip().lines()).as("%s", this).hasSize(1);
            assertThat(allErr()).contains(parts).doesNotContain("Exception", "\tat ");
            assertThat(out).as("%s", this).isEmpty();
        }

        public static List<String> lines(String s) {
            return s.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out ---\n" + out + "--- err ---\n" + err
                    + "--- System.out ---\n" + systemOut + "--- System.err ---\n" + systemErr;
        }
    }

    private CliCapture() {
    }

    public static Outcome run(Supplier<CommandLine> factory, String... args) {
        return run(factory, new StringWriter(), args);
    }

    /** As {@link #run(Supplier, String...)}, its stderr written to ERR as it goes: another thread may watch a run's progress. */
    public static Outcome run(Supplier<CommandLine> factory, StringWriter err, String... args) {
        StringWriter out = new StringWriter();
        ByteArrayOutputStream sysOut = new ByteArrayOutputStream();
        ByteArrayOutputStream sysErr = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        int code;
        System.setOut(new PrintStream(sysOut, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(sysErr, true, StandardCharsets.UTF_8));
        try {
            // Built only now: picocli's default execution strategy remembers System.out/err as they
            // are when the CommandLine is made, and at execute() replaces the writers set below
            // with those streams if System.out/err have changed since.
            CommandLine cmd = factory.get();
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            code = cmd.execute(args);
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Outcome(code, out.toString(), err.toString(),
                sysOut.toString(StandardCharsets.UTF_8), sysErr.toString(StandardCharsets.UTF_8));
    }

    public static Outcome runner(String... args) {
        return run(RunnerMain::commandLine, args);
    }

    public static Outcome runner(StringWriter err, String... args) {
        return run(RunnerMain::commandLine, err, args);
    }

    /**
     * picocli formats descriptions with String.format: a lone '%' is logged as a warning on
     * stderr every time help is shown. Every description in the tree must be a valid format string.
     */
    /**
     * Renders every command's usage help the way users see it: picocli formats descriptions
     * with String.format and reports a bad one (a lone '%') as a warning on System.err.
     */
    public static void assertValidDescriptions(CommandLine root) {
        List<CommandLine> commands = new ArrayList<>();
        collect(root, commands);
        PrintStream original = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            for (CommandLine cmd : commands) {
                String usage = cmd.getUsageMessage();
                assertThat(usage).as("%s usage", cmd.getCommandSpec().qualifiedName()).doesNotContain("%%");
            }
        } finally {
            System.setErr(original);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).as("picocli warnings while rendering help")
                .doesNotContain("WARN");
    }

    private static void collect(CommandLine cmd, List<CommandLine> into) {
        into.add(cmd);
        cmd.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
