package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The runner in a JVM of its own, as {@code bin/runner} starts it, for what only a real process
 * shows: signals, exit codes 130/143, and what it prints on the way out. Its output goes to files
 * in {@code dir}; the class path is this JVM's.
 */
public final class RunnerProcess implements AutoCloseable {

    private final Process process;
    private final Path out;
    private final Path err;

    private RunnerProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    public static RunnerProcess start(Path dir, Map<String, String> env, String... args) throws IOException {
        return start(RunnerMain.class, dir, env, args);
    }

    /** Another main class of this class path (the lab's), as its own process. */
    public static RunnerProcess start(Class<?> main, Path dir, Map<String, String> env, String... args) throws IOException {
        return start(List.of(), main, dir, env, args);
    }

    /** As {@link #start(Class, Path, Map, String...)}, the JVM started by the command PREFIX (e.g. {@code env ...}). */
    static RunnerProcess start(List<String> prefix, Class<?> main, Path dir, Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("runner.out");
        Path err = dir.resolve("runner.err");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new RunnerProcess(pb.start(), out, err);
    }

    /** Waits until stderr has a line containing {@code text}; fails after {@code seconds}. */
    public void awaitErr(String text, int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!err().contains(text)) {
            assertThat(process.isAlive()).as("runner still running while waiting for '%s'; stderr: %s; stdout: %s",
                    text, err(), out()).isTrue();
            assertThat(System.nanoTime() - deadline).as("'%s' on stderr within %d s; stderr: %s", text, seconds, err())
                    .isNegative();
            Thread.sleep(50);
        }
    }

    /** Sends the signal ("TERM", "INT") and returns how long the process took to exit, in seconds. */
    public double signalAndWait(String signal, int limitSeconds) throws IOException, InterruptedException {
        assertThat(ignores(signal)).as("SIG%1$s reaches no handler: the runner process ignores it (SigIgn in"
                + " /proc/%2$d/status). It inherited that from what started the tests (a job that a non-interactive"
                + " shell starts in the background ignores SIGINT), and a JVM that starts with a signal ignored"
                + " installs no handler for it, so no run it starts can be stopped that way. Start the tests in the"
                + " foreground, or with the signal at its default: env --default-signal=%1$s make test",
                signal, process.pid()).isFalse();
        long sent = System.nanoTime();
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor();
        boolean exited = process.waitFor(limitSeconds, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - sent) / 1e9;
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        assertThat(exited).as("exited within %d s of SIG%s; stderr: %s", limitSeconds, signal, err()).isTrue();
        return seconds;
    }

    /** Whether the process ignores SIGNAL ("INT", "TERM", "KILL"), as the kernel says in its status. */
    boolean ignores(String signal) throws IOException {
        int number = switch (signal) {
            case "INT" -> 2;
            case "KILL" -> 9;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException("no signal number known for SIG" + signal);
        };
        String ignored = Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status")).stream()
                .filter(line -> line.startsWith("SigIgn:")).map(line -> line.substring("SigIgn:".length()).strip())
                .findFirst().orElseThrow(() -> new IllegalStateException("no SigIgn in /proc/" + process.pid() + "/status"));
        return new BigInteger(ignored, 16).testBit(number - 1);
    }

    public int waitFor(int limitSeconds) throws InterruptedException, IOException {
        boolean exited = process.waitFor(limitSeconds, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        assertThat(exited).as("exited within %d s; stderr: %s", limitSeconds, err()).isTrue();
        return process.exitValue();
    }

    /** Kills the process if it still runs (a test that failed half way must not leave a run behind). */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether the process still runs: a test that waits for something outside it (the API server) checks this. */
    public boolean alive() {
        return process.isAlive();
    }

    public int exitCode() {
        return process.exitValue();
    }

    public String out() throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    public String err() throws IOException {
        return Files.readString(err, StandardCharsets.UTF_8);
    }
}
