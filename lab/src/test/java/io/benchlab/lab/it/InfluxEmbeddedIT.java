package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.it.InfluxServers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** `lab run --influx-url` on the embedded backend streams every point to a real InfluxDB 2.7, read back by run id. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class InfluxEmbeddedIT {

    @Test
    void anEmbeddedRunStreamsIntervalsEventsRoundsAndTheRun(@TempDir Path dir) throws Exception {
        InfluxServers.Endpoint influx = InfluxServers.shared();
        Path out = dir.resolve("result.json");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "hsqldb", "--clients", "2",
                "--duration", "2s", "--warmup", "1s", "--rounds", "2", "--interval", "250ms",
                "--influx-url", influx.url(), "--influx-token-file", influx.tokenFile().toString(),
                "--influx-spill-dir", dir.resolve("spill").toString(), "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.warnings()).as("InfluxDB answered throughout").noneMatch(w -> w.code().startsWith("influx"));
        assertThat(r.intervals()).hasSizeGreaterThanOrEqualTo(14);
        InfluxReadBack.assertSameRun(influx, r);
        assertThat(json + o.allOut() + o.allErr()).as("the token is nowhere").doesNotContain(influx.token());
    }
}
