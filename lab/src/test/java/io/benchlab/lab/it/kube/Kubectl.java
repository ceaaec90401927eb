package io.benchlab.lab.it.kube;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/**
 * Runs the {@code kubectl} on PATH, against a kubeconfig (never the user's own: without one
 * KUBECONFIG points nowhere). Absent, a test that needs it is skipped, or fails under
 * {@code BENCHLAB_IT_REQUIRED=all}.
 */
public final class Kubectl {

    /** What kubectl printed and how it ended. */
    public record Result(int exitCode, String out, String err) {
        public boolean ok() {
            return exitCode == 0;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private Kubectl() {
    }

    /** Skips (or fails, under BENCHLAB_IT_REQUIRED=all) when there is no kubectl to run. */
    public static void require() {
        Result version;
        try {
            version = run(null, "version", "--client");
        } catch (UncheckedIOException e) {
            version = new Result(-1, "", String.valueOf(e.getCause().getMessage()));
        }
        if (!version.ok()) {
            Clusters.skipOrFail("no kubectl on PATH (" + version.err().strip() + ")");
        }
    }

    /** kubectl ARGS with --kubeconfig KUBECONFIG (none when null), within 90 s. */
    public static Result run(Path kubeconfig, String... args) {
        List<String> command = new ArrayList<>();
        command.add("kubectl");
        if (kubeconfig != null) {
            command.add("--kubeconfig");
            command.add(kubeconfig.toString());
        }
        command.addAll(List.of(args));
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("kubectl", ".out");
            err = Files.createTempFile("kubectl", ".err");
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("KUBECONFIG", kubeconfig == null ? "/dev/null" : kubeconfig.toString());
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                Assertions.fail("kubectl did not finish in " + TIMEOUT.toSeconds() + " s: " + command);
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + command, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** As {@link #run}, asserting exit code 0; returns stdout. */
    public static String ok(Path kubeconfig, String... args) {
        Result r = run(kubeconfig, args);
        Assertions.assertEquals(0, r.exitCode(), () -> "kubectl " + String.join(" ", args) + ": " + r);
        return r.out();
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temp file
            }
        }
    }
}
