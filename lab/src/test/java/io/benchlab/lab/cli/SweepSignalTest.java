package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.RunnerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C in a sweep, in a JVM of its own: the point it cut into keeps its result, no later point runs. */
class SweepSignalTest {

    @Test
    void ctrlCStopsTheSweepAfterTheCurrentPointsResultIsWritten(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), "sweep", "--engine", "h2",
                "--clients", "1,2", "--duration", "60s", "--warmup", "0s", "-o", results.toString())) {
            lab.awaitErr("round 1 ", 60);
            lab.signalAndWait("INT", 30);
            assertThat(lab.exitCode()).isEqualTo(130);
            List<String> table = lab.out().lines().dropWhile(l -> !l.matches("engine\\s+clients\\s+status.*")).toList();
            assertThat(table).as(lab.out()).hasSize(3);
            assertThat(table.get(1).split("\\s+")).startsWith("h2", "1", "interrupted");
            assertThat(table.get(2)).matches("h2\\s+2\\s+not run \\(stopped before it ran\\).*");
            assertThat(lab.err()).doesNotContain("sweep point 2 of 2");
            try (Stream<Path> files = Files.list(results)) {
                List<Path> written = files.toList();
                assertThat(written).hasSize(1);
                RunResult r = ResultJson.read(written.get(0));
                assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
                assertThat(table.get(1)).endsWith(written.get(0).toString());
            }
        }
    }
}
