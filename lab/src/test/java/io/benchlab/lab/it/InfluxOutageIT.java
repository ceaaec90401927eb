package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Warning;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.it.InfluxServers;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * InfluxDB killed (SIGKILL) for 16 s in the middle of a run and started again on the same data:
 * the run ends ok, its result says how long InfluxDB was away, and every point is in InfluxDB,
 * some of them by way of spill files (the in-memory bound is made small for that).
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class InfluxOutageIT {

    @Test
    void aRunOutlivesAnInfluxOutageAndLosesNoPoint(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path spill = dir.resolve("spill");
        Path out = dir.resolve("result.json");
        try (InfluxServers.Own influx = InfluxServers.Own.start(Files.createDirectories(dir.resolve("influx")), port)) {
            String token = influx.endpoint().token();
            CompletableFuture<CliCapture.Outcome> run = CompletableFuture.supplyAsync(() -> CliCapture.run(
                    LabMain::commandLine, "run", "--engine", "hsqldb", "--clients", "2", "--duration", "26s",
                    "--warmup", "1s", "--interval", "250ms", "--influx-url", influx.endpoint().url(),
                    "--influx-token-file", influx.endpoint().tokenFile().toString(), "--influx-spill-dir", spill.toString(),
                    "--influx-buffer-points", "100", "--output", out.toString()));
            Thread.sleep(5_000);
            influx.kill();
            Thread.sleep(16_000);
            influx.startAgain();
            CliCapture.Outcome o = run.get(3, TimeUnit.MINUTES);

            assertThat(o.exitCode()).as("%s", o).isZero();
            String json = Files.readString(out);
            RunResult r = ResultJson.read(json);
            assertThat(r.status()).isEqualTo(Status.OK);
            Warning outage = r.warnings().stream().filter(w -> w.code().equals("influx_outage")).findFirst()
                    .orElseThrow(() -> new AssertionError("no influx_outage warning in " + r.warnings()));
            assertThat(outage.figure()).as("seconds InfluxDB was away").isGreaterThanOrEqualTo(15.0);
            assertThat(outage.message()).contains("none lost", "spill files");
            InfluxReadBack.assertSameRun(influx.endpoint(), r);
            try (Stream<Path> left = Files.exists(spill) ? Files.walk(spill) : Stream.empty()) {
                assertThat(left.filter(Files::isRegularFile)).as("nothing left unsent").isEmpty();
            }
            assertThat(json + o.allOut() + o.allErr()).as("the token is nowhere").doesNotContain(token);
        }
    }
}
