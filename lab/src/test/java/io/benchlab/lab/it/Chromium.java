package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.it.ServerTargets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Headless Chromium (Debian's chromium package) at $BENCHLAB_CHROMIUM: opens a file as a user
 * would, with no network, and dumps the DOM it built or takes a screenshot. Absent, a test skips
 * naming the variable (fails under BENCHLAB_IT_REQUIRED=all).
 */
final class Chromium {

    private final String binary;
    private final Path workDir;

    private Chromium(String binary, Path workDir) {
        this.binary = binary;
        this.workDir = workDir;
    }

    /** Its profile and its log go to {@code workDir}, so that runs side by side do not share one. */
    static Chromium require(Path workDir) {
        return new Chromium(ServerTargets.variable("BENCHLAB_CHROMIUM"), workDir);
    }

    /** The DOM after the page loaded, serialised as HTML. */
    String dumpDom(Path page) throws IOException, InterruptedException {
        Path dom = workDir.resolve("dom.html");
        run(dom, "--dump-dom", page.toUri().toString());
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        run(null, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                page.toUri().toString());
    }

    private void run(Path stdout, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + workDir.resolve("profile").toAbsolutePath(),
                // Nothing but the file: a page that needed the network would show it in the dump and the screenshot.
                "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"));
        command.addAll(List.of(args));
        Path log = workDir.resolve("chromium.log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.appendTo(log.toFile()) : ProcessBuilder.Redirect.to(stdout.toFile()));
        Process p = pb.start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 90 s: " + command + "; see " + log);
        }
        assertThat(p.exitValue()).as("chromium %s exit code; log %s", command, log).isZero();
    }
}
