package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.run.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code runner steps}: the runs handed over as files run one after another in this JVM, each
 * with its own result and exit code; a step that is bad input does not end the series; {@code end} does.
 */
class StepsCommandTest {

    @TempDir
    Path dir;

    @Test
    void eachStepRunsAsRunnerRunWouldAndEndEndsTheSeries() throws Exception {
        CompletableFuture<CliCapture.Outcome> series = CompletableFuture.supplyAsync(() ->
                CliCapture.runner("steps", "--dir", dir.toString()));
        assertThat(handOver(1, "run", "--engine", "h2", "--init", "--duration", "1s", "--warmup", "0s", "--rate", "200",
                "--output", dir.resolve("step-1.json").toString())).isEqualTo(ExitCodes.OK);
        assertThat(handOver(2, "run", "--engine", "h2", "--clients", "0")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(handOver(3, "run", "--engine", "h2", "--duration", "1s", "--warmup", "0s",
                "--output", dir.resolve("step-3.json").toString())).isEqualTo(ExitCodes.OK);
        assertThat(series).isNotDone();
        Files.writeString(dir.resolve("end"), "");
        CliCapture.Outcome o = series.get(30, TimeUnit.SECONDS);

        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult first = ResultJson.read(dir.resolve("step-1.json"));
        RunResult third = ResultJson.read(dir.resolve("step-3.json"));
        assertThat(List.of(first.status(), third.status())).containsOnly(Status.OK);
        assertThat(first.knobs().rateTps()).isEqualTo(200.0);
        assertThat(third.knobs().rateTps()).as("each step's own knobs").isNull();
        assertThat(first.runId()).isNotEqualTo(third.runId());
        assertThat(o.err()).contains("--clients");
    }

    @Test
    void noStepWithinTheIdleTimeoutEndsTheSeries() {
        long t0 = System.nanoTime();
        CliCapture.Outcome o = CliCapture.runner("steps", "--dir", dir.toString(), "--idle-timeout", "1s");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat((System.nanoTime() - t0) / 1e9).as("seconds to give up").isGreaterThanOrEqualTo(1.0);
        assertThat(o.err()).contains("no step 1 within 1 s (--idle-timeout)");
    }

    @Test
    void aDirThatIsNotThereIsBadInput() {
        CliCapture.Outcome o = CliCapture.runner("steps", "--dir", dir.resolve("nowhere").toString());
        assertThat(o.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(o.allErr().lines()).singleElement().asString().contains("is not a folder");
    }

    /** Hands step N over as the lab does (its args, then its go) and returns its exit code once written. */
    private int handOver(int n, String... args) throws Exception {
        Files.write(dir.resolve("step-" + n + ".args"), List.of(args));
        Files.writeString(dir.resolve("step-" + n + ".go"), "");
        Path exit = dir.resolve("step-" + n + ".exit");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(exit)) {
            assertThat(System.nanoTime()).as("step %d's exit within 60 s", n).isLessThan(deadline);
            Thread.sleep(20);
        }
        return Integer.parseInt(Files.readString(exit).strip());
    }
}
