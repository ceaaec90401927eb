package io.benchlab.lab.it;

import static io.benchlab.lab.it.ComparedRuns.lab;
import static io.benchlab.lab.it.ComparedRuns.run;
import static io.benchlab.lab.it.ComparedRuns.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab rerun of real results: the same engine, profile, knobs and seed (and on docker the same
 * image and limits), compared with the original: no change.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class RerunIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @TempDir
    static Path shared;
    private static Path dockerFirst;
    private static RunResult dockerOriginal;

    @Test
    void anEmbeddedResultRunsAgainWithItsKnobsAndSeedAndShowsNoChange(@TempDir Path dir) throws IOException {
        Path first = dir.resolve("first.json");
        RunResult original = run(first, "--engine", "h2", "--clients", "2");
        RunResult again = rerun(first, dir.resolve("again.json"));
        assertThat(again.runId()).isNotEqualTo(original.runId());
        assertThat(again.knobs()).isEqualTo(original.knobs());
        assertThat(again.engine().name()).isEqualTo("h2");
        assertThat(again.engine().profile()).isEqualTo(original.engine().profile());
        assertThat(again.placement().backend()).isEqualTo("embedded");
    }

    @Test
    void aDockerResultRunsAgainOnTheSameImageAndShowsNoChange(@TempDir Path dir) throws IOException {
        RunResult original = dockerResult();
        RunResult again = rerun(dockerFirst, dir.resolve("again.json"));
        assertThat(again.knobs()).isEqualTo(original.knobs());
        assertThat(again.placement().backend()).isEqualTo("docker");
        assertThat(again.placement().database().image()).isEqualTo(original.placement().database().image());
        assertThat(again.placement().database().imageDigest()).isEqualTo(original.placement().database().imageDigest());
        assertThat(again.placement().database().cpuLimit()).isEqualTo(original.placement().database().cpuLimit());
        assertThat(again.placement().runner().memoryLimitBytes())
                .isEqualTo(original.placement().runner().memoryLimitBytes());
    }

    @Test
    void aDockerResultWhosePinnedImageChangedIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        RunResult original = dockerResult();
        String digest = original.placement().database().imageDigest();
        String older = "sha256:" + "0".repeat(64);
        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, Files.readString(dockerFirst).replace(digest, older));

        CliCapture.Outcome o = lab("rerun", edited.toString(), "--output", dir.resolve("never.json").toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().strip().lines()).hasSize(1);
        assertThat(o.allErr()).contains("the pinned image " + original.placement().database().image().replace(
                "docker.io/", ""), "is " + digest + " now; the result ran", older, "--allow-image-change");
        assertThat(dir.resolve("never.json")).doesNotExist();
    }

    /**
     * The docker result both docker tests start from, run once by the first of them (inside it, so
     * that its check of what is left behind covers the run).
     */
    private static synchronized RunResult dockerResult() throws IOException {
        if (dockerOriginal == null) {
            dockerFirst = shared.resolve("docker-first.json");
            dockerOriginal = run(dockerFirst, "--engine", "postgres", "--profile", "relaxed", "--clients", "2");
        }
        return dockerOriginal;
    }

    /**
     * lab rerun FILE --output NEW: it must say no change, exit 0 and leave the new result. False-alarm
     * probability below 1 in 1,000: see ComparedRuns.
     */
    private static RunResult rerun(Path first, Path next) throws IOException {
        CliCapture.Outcome o = lab("rerun", first.toString(), "--quiet", "--alpha", ComparedRuns.ALPHA,
                "--latency-floor", ComparedRuns.LATENCY_FLOOR_MS, "--output", next.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        // "no change" needs the interval within the threshold, which ALPHA's wide interval may
        // not show from 8 rounds when a round stalls on a busy machine: inconclusive is honest too.
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isIn("no change", "inconclusive");
        assertThat(o.out()).endsWith("no regression\n").doesNotContain("differs (allowed)");
        return ResultJson.read(next);
    }
}
