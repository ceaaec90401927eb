package io.benchlab.runner.cli;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.StopHook;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code runner steps}: one JVM for a series of runs, each an ordinary {@code runner run} (its
 * own warm-up, result and exit code), so that a lab searching for capacity in a container does
 * not warm a new JVM at every step: a new JVM's warm-up took 42-52 s of a 77-s step, where the
 * lab's own warm JVM settles in 12 s (bench/README, "capacity").
 *
 * <p>The lab hands each step over as files in {@code --dir}: {@code step-N.args}, one argument
 * a line, then {@code step-N.go}, which says the args are whole. The step's exit code lands in
 * {@code step-N.exit} once the run is over (its result where its --output says). {@code end}
 * ends the series, as does a wait for the next step past {@code --idle-timeout}. A signal during
 * a step stops that step as it would stop {@code runner run}, and the series with it; between
 * steps it ends the process at once.
 */
@Command(versionProvider = VersionProvider.class, name = "steps", hidden = true, mixinStandardHelpOptions = true,
        description = "Run the runs a lab hands over as files, one after another, in this JVM.")
final class StepsCommand implements Callable<Integer> {

    /** How often the folder is looked at for the next step: a step's wait is a small part of its minute. */
    private static final long POLL_MILLIS = 50;

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "Where the steps are handed over.")
    Path dir;

    @Option(names = "--idle-timeout", paramLabel = "DURATION", defaultValue = "10m",
            converter = DurationConverter.class,
            description = "End the series when no step comes for this long after the last one"
                    + " (default: ${DEFAULT-VALUE}): a lab killed with -9 leaves no runner waiting for ever.")
    Duration idleTimeout;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "The engine every step names (read by bin/launch for the engine's client JVM options).")
    String engine;

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("--dir " + dir + " is not a folder");
        }
        int code = ExitCodes.OK;
        for (int n = 1; awaitStep(n); n++) {
            List<String> args = Files.readAllLines(dir.resolve("step-" + n + ".args"), StandardCharsets.UTF_8);
            if (args.isEmpty() || !args.get(0).equals("run")) {
                throw new BadInputException("step " + n + " is not a run: "
                        + (args.isEmpty() ? "no args" : args.get(0)));
            }
            code = RunnerMain.commandLine().setOut(spec.commandLine().getOut()).setErr(spec.commandLine().getErr())
                    .execute(args.toArray(String[]::new));
            Path exit = dir.resolve("step-" + n + ".exit");
            Path partial = dir.resolve("step-" + n + ".exit.partial");
            Files.writeString(partial, Integer.toString(code));
            Files.move(partial, exit, StandardCopyOption.ATOMIC_MOVE);
            if (StopHook.anySignalled()) {
                break;
            }
        }
        return code;
    }

    /** True once step N is handed over; false when the series ends first, or no step came within the idle timeout. */
    private boolean awaitStep(int n) throws InterruptedException {
        Path go = dir.resolve("step-" + n + ".go");
        Path end = dir.resolve("end");
        long idleUntil = System.nanoTime() + idleTimeout.toNanos();
        while (!Files.exists(go)) {
            if (Files.exists(end)) {
                return false;
            }
            if (System.nanoTime() - idleUntil > 0) {
                spec.commandLine().getErr().println("runner steps: no step " + n + " within " + idleTimeout.toSeconds()
                        + " s (--idle-timeout): the series ends");
                spec.commandLine().getErr().flush();
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }
}
