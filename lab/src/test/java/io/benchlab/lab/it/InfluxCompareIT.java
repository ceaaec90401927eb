package io.benchlab.lab.it;

import static io.benchlab.lab.it.ComparedRuns.lab;
import static io.benchlab.lab.it.ComparedRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.it.ServerTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab compare of runs read by id from a real InfluxDB 2.7 (BENCHLAB_INFLUX_URL, its token in
 * BENCHLAB_INFLUX_TOKEN_FILE): the same table as from the result files, and one line for an id
 * it does not have or a token it refuses.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class InfluxCompareIT {

    @Test
    void runsReadByIdCompareAsTheirFilesDo(@TempDir Path dir) throws IOException {
        String url = ServerTargets.variable("BENCHLAB_INFLUX_URL");
        String tokenFile = ServerTargets.variable("BENCHLAB_INFLUX_TOKEN_FILE");
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        // Both runs stream to InfluxDB as any lab run --influx-url does.
        RunResult first = run(a, "--engine", "hsqldb", "--clients", "2", "--influx-url", url,
                "--influx-token-file", tokenFile);
        RunResult second = run(b, "--engine", "hsqldb", "--clients", "2", "--influx-url", url,
                "--influx-token-file", tokenFile);

        CliCapture.Outcome byId = lab("compare", "--influx-url", url, "--influx-token-file", tokenFile,
                first.runId(), second.runId());
        CliCapture.Outcome byFile = lab("compare", a.toString(), b.toString());
        assertThat(byId.exitCode()).as("%s", byId).isEqualTo(byFile.exitCode());
        assertThat(byId.out()).contains("baseline " + first.runId() + ": hsqldb memory, embedded, 2 clients");
        // The figures and the rounds come from benchlab_run's result: as from the files.
        assertThat(rows(byId.out())).isEqualTo(rows(byFile.out())).hasSize(5);

        CliCapture.Outcome mixed = lab("compare", "--influx-url", url, "--influx-token-file", tokenFile,
                a.toString(), second.runId());
        assertThat(rows(mixed.out())).isEqualTo(rows(byFile.out()));
    }

    @Test
    void anUnknownIdOrABadTokenIsOneLine(@TempDir Path dir) throws IOException {
        String url = ServerTargets.variable("BENCHLAB_INFLUX_URL");
        String tokenFile = ServerTargets.variable("BENCHLAB_INFLUX_TOKEN_FILE");
        Path a = dir.resolve("a.json");
        run(a, "--engine", "hsqldb", "--clients", "1");
        CliCapture.Outcome unknown = lab("compare", "--influx-url", url, "--influx-token-file", tokenFile,
                a.toString(), "20000101T000000Z-hsqldb-0000");
        assertThat(unknown.exitCode()).as("%s", unknown).isEqualTo(2);
        assertThat(unknown.allErr().strip()).isEqualTo("lab: no run 20000101T000000Z-hsqldb-0000 in bucket benchlab at "
                + url);
        Path wrong = Files.writeString(dir.resolve("wrong-token"), "wrong-token");
        CliCapture.Outcome refused = lab("compare", "--influx-url", url, "--influx-token-file", wrong.toString(),
                a.toString(), "any-run");
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(2);
        assertThat(refused.allErr().strip()).isEqualTo("lab: cannot read runs from InfluxDB at " + url
                + ": it refused the token (401)");
    }

    /** The table's metric rows, which name no source. */
    private static List<String> rows(String out) {
        return out.lines().filter(l -> l.matches("^(tps|p50 ms|p95 ms|p99 ms|failures %) .*")).toList();
    }
}
