package io.benchlab.runner.it;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.benchlab.runner.core.Secret;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * InfluxDB 2.7 for tests: the shared one ({@code BENCHLAB_INFLUX_URL}, {@code BENCHLAB_INFLUX_TOKEN_FILE};
 * org and bucket {@code benchlab}) or one of the test's own from {@code BENCHLAB_INFLUXD}, on all
 * interfaces (containers reach it through the network's gateway), stopped and started again on
 * the same data directory. Reads back with Flux.
 */
public final class InfluxServers {

    public static final String ORG = "benchlab";
    public static final String BUCKET = "benchlab";

    private InfluxServers() {
    }

    /** Where an InfluxDB answers, and its token file. */
    public record Endpoint(String url, Path tokenFile) {

        public String token() {
            return Secret.fromFile(tokenFile, "token").reveal();
        }

        /** Every record of a measurement for one run, pivoted: one record per point with its fields as columns. */
        public List<FluxRecord> points(String measurement, String runId) {
            String flux = "from(bucket: \"" + BUCKET + "\") |> range(start: 0)"
                    + " |> filter(fn: (r) => r._measurement == \"" + measurement + "\" and r.run_id == \"" + runId + "\")"
                    + " |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")";
            try (InfluxDBClient client = InfluxDBClientFactory.create(url, token().toCharArray(), ORG, BUCKET)) {
                List<FluxRecord> out = new ArrayList<>();
                for (FluxTable table : client.getQueryApi().query(flux)) {
                    out.addAll(table.getRecords());
                }
                return out;
            }
        }
    }

    /** The shared InfluxDB of the environment; skips (or fails under BENCHLAB_IT_REQUIRED=all) without it. */
    public static Endpoint shared() {
        return new Endpoint(ServerTargets.variable("BENCHLAB_INFLUX_URL"),
                Path.of(ServerTargets.variable("BENCHLAB_INFLUX_TOKEN_FILE")));
    }

    /** An InfluxDB of the test's own, from the binary at BENCHLAB_INFLUXD. */
    public static final class Own implements AutoCloseable {

        private final Path binary;
        private final Path dir;
        private final int port;
        private Process process;
        private final Endpoint endpoint;

        private Own(Path binary, Path dir, int port) throws IOException {
            this.binary = binary;
            this.dir = dir;
            this.port = port;
            Path token = dir.resolve("token");
            Files.writeString(token, Secret.random().reveal());
            this.endpoint = new Endpoint("http://127.0.0.1:" + port, token);
        }

        /** Starts a fresh server on {@code port} (all interfaces) with its data in {@code dir}, set up with org and bucket. */
        public static Own start(Path dir, int port) throws Exception {
            Own own = new Own(Path.of(ServerTargets.variable("BENCHLAB_INFLUXD")), dir, port);
            own.startAgain();
            own.post("/api/v2/setup", "{\"username\":\"admin\",\"password\":\"" + Secret.random().reveal()
                    + "\",\"org\":\"" + ORG + "\",\"bucket\":\"" + BUCKET + "\",\"token\":\"" + own.endpoint.token() + "\"}");
            return own;
        }

        public Endpoint endpoint() {
            return endpoint;
        }

        /** Starts the server on the same data directory and waits until it answers. */
        public void startAgain() throws Exception {
            process = new ProcessBuilder(binary.toString(), "--http-bind-address", "0.0.0.0:" + port,
                    "--bolt-path", dir.resolve("influxd.bolt").toString(), "--engine-path", dir.resolve("engine").toString(),
                    "--sqlite-path", dir.resolve("influxd.sqlite").toString(), "--reporting-disabled",
                    "--log-level", "warn").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("influxd.log").toFile())).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!healthy()) {
                if (!process.isAlive() || System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("influxd did not start on port " + port + ": see "
                            + dir.resolve("influxd.log"));
                }
                Thread.sleep(100);
            }
        }

        /** Kills the server at once (SIGKILL), as a crash would. */
        public void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws InterruptedException {
            if (process != null && process.isAlive()) {
                process.destroy();
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    kill();
                }
            }
        }

        private boolean healthy() {
            try {
                HttpURLConnection c = (HttpURLConnection) URI.create(endpoint.url() + "/health").toURL().openConnection();
                c.setConnectTimeout(500);
                c.setReadTimeout(500);
                return c.getResponseCode() == 200;
            } catch (IOException notYet) {
                return false;
            }
        }

        private void post(String path, String json) throws IOException {
            HttpURLConnection c = (HttpURLConnection) URI.create(endpoint.url() + path).toURL().openConnection();
            c.setRequestMethod("POST");
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/json");
            c.getOutputStream().write(json.getBytes(StandardCharsets.UTF_8));
            if (c.getResponseCode() / 100 != 2) {
                throw new IOException("InfluxDB setup: HTTP " + c.getResponseCode());
            }
        }
    }

    /** A field of a pivoted record as a number. */
    public static double number(FluxRecord r, String field) {
        return ((Number) r.getValues().get(field)).doubleValue();
    }

    public static String tag(FluxRecord r, String tag) {
        Map<String, Object> v = r.getValues();
        return (String) v.get(tag);
    }
}
