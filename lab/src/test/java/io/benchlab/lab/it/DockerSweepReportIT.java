package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab sweep on the docker backend (the seeds' postgres against mariadb, on the engines' pinned
 * images through DOCKER_HOST): its report in headless Chromium, and points that fail without
 * stopping the sweep. Nothing is left behind.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DockerSweepReportIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @Test
    void aPostgresAndMariadbSweepMakesAReportChromiumDraws(@TempDir Path dir) throws Exception {
        SweepReports.sweepReportAndCheck(List.of("postgres", "mariadb"), List.of(1, 4),
                List.of("--duration", "2s", "--warmup", "1s", "--interval", "500ms"), dir,
                Path.of("target", "report-screenshot-docker.png"));
    }

    /** Every point passes its timeout: each is stopped and keeps its result, the next still runs, the exit is 1. */
    @Test
    void aFailedPointDoesNotStopTheSweep(@TempDir Path dir) throws Exception {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "sweep", "--engine", "postgres,mariadb",
                "--clients", "1", "--duration", "2s", "--timeout", "2s", "-q", "-o", dir.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        List<String> table = o.out().lines().dropWhile(l -> !l.matches("engine\\s+clients\\s+status.*")).toList();
        assertThat(table).as("%s", o).hasSize(3);
        for (int i = 1; i < 3; i++) {
            String[] cells = table.get(i).split("\\s+");
            assertThat(cells[0]).isEqualTo(i == 1 ? "postgres" : "mariadb");
            assertThat(cells[2]).isEqualTo("interrupted");
            RunResult r = ResultJson.read(Path.of(cells[cells.length - 1]));
            assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
            assertThat(r.cause()).contains("timeout");
        }
        try (var files = Files.list(dir)) {
            assertThat(files).hasSize(2);
        }
    }
}
