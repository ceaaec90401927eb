package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.BuildImageResultCallback;
import com.github.dockerjava.api.model.Ports;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.query.FluxRecord;
import io.benchlab.lab.backend.docker.DockerEnvironment;
import io.benchlab.lab.boards.LiveBoards;
import io.benchlab.lab.docs.PageSteps;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.it.ServerTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/running/nightly-local.md's steps run as written ({@link PageSteps}) on this machine's
 * Docker API, from the repository's root, with HOME (and XDG_CONFIG_HOME under it) a fresh
 * folder, for the page writes under ~. The stack's InfluxDB stays on loopback, and the night's
 * runners stream to it from their containers: every cell's live interval points are in it, and
 * every board query returns rows for the night. What the test runs otherwise than the page says,
 * each through {@link PageSteps#replace}, which fails when the page no longer says it:
 * <ul>
 *   <li>step 1 is not run: .ci/run made the build and the images with those commands;</li>
 *   <li>step 2's InfluxDB is .ci/influx's stand-in for the official image (by tag), and its Grafana
 *       a stand-in that answers Grafana's health check and nothing else ({@link #GRAFANA_STANDIN}),
 *       for there is no Grafana image here; both on free ports, for .ci/influx's own InfluxDB holds
 *       8086 (the plan's influx-url names the port);</li>
 *   <li>step 3's plan has one cell of short rounds, not two of 30 s;</li>
 *   <li>step 5 has no command: every board query is run against the stack's InfluxDB as Grafana
 *       sends it ({@link LiveBoards});</li>
 *   <li>step 6 writes the crontab line to a file, not to the user's crontab; the line's command then
 *       runs as cron runs it, with cron's bare environment. It starts the same night again, which
 *       keeps the finished cells: it proves the line, not a second night.</li>
 * </ul>
 */
class NightlyLocalIT {

    private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
    private static final String PAGE = "docs/running/nightly-local.md";
    private static final String INFLUXDB_STANDIN = "docker.io/library/influxdb:2.7.12";
    private static final String BASE = "docker.io/library/debian:bookworm-slim";
    /** Answers GET /api/health with 200, as Grafana does when it is up, and 404 to all else. */
    private static final String GRAFANA_STANDIN = "localhost/benchlab-test/grafana-health:1";
    private static final String STACK_LABEL = "io.benchlab.stack";
    /** Cron's environment: HOME, LOGNAME and SHELL from the user's entry, and a bare PATH. */
    private static final String CRON_PATH = "/usr/bin:/bin";
    private static final List<String> CELLS = List.of("postgres-durable-c2", "canary-hsqldb-server-relaxed-c2");

    @Test
    void aNightStreamsFromItsContainersToTheStackOnLoopbackAndCronRunsTheLine(@TempDir Path home) throws Exception {
        DockerClient docker = DockerApi.require();
        for (String image : List.of(INFLUXDB_STANDIN, BASE)) {
            requireImage(docker, image, ".ci/influx image and .ci/containers start make it");
        }
        Assumptions.assumeTrue(StackIT.stackObjects(docker).isEmpty(), "a stack is up on this Docker: " + StackIT.stackObjects(docker));
        buildGrafanaStandIn(docker, home.resolve("grafana-standin"));
        int influxPort = StackIT.freePort();
        int grafanaPort = StackIT.freePort();
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve(".config").toString());
        PageSteps page = PageSteps.read(REPO.resolve(PAGE))
                .replace(2, "bin/lab stack up --pull", "bin/lab stack up --influxdb-image " + INFLUXDB_STANDIN
                        + " --grafana-image " + GRAFANA_STANDIN + " --influxdb-port " + influxPort
                        + " --grafana-port " + grafanaPort)
                .replace(3, "influx-url: http://127.0.0.1:8086", "influx-url: http://127.0.0.1:" + influxPort)
                .replace(3, "  scale: 8\n  duration: 30s\n  warmup: 20s\n", "  scale: 4\n  duration: 2s\n  warmup: 4s\n")
                .replace(3, "clients: [1, 8]", "clients: [2]")
                .replace(6, "| crontab -\ncrontab -l\n", ">\"$HOME/crontab\"\n");
        try {
            page.run(2, REPO, env, 120);
            assertThat(publishedOn(docker)).as("where the stack's ports are published")
                    .isEqualTo(Map.of("benchlab-stack-influxdb", "127.0.0.1:" + influxPort,
                            "benchlab-stack-grafana", "127.0.0.1:" + grafanaPort));
            page.run(3, REPO, env, 10);
            Instant from = Instant.now();
            String log = page.run(4, REPO, env, 300);
            assertThat(log).contains("nightly: 2 cells, pass");
            Path night = onlyNight(home.resolve("benchlab-nightly/results"));
            assertThat(night.resolve("report.html")).isRegularFile();
            List<String> runIds = new ArrayList<>();
            for (String cell : CELLS) {
                RunResult r = ResultJson.read(night.resolve(cell + ".json"));
                assertThat(r.status()).as(cell).isEqualTo(Status.OK);
                assertThat(r.warnings()).as(cell + ": InfluxDB answered throughout")
                        .noneMatch(w -> w.code().startsWith("influx_"));
                runIds.add(r.runId());
            }

            String token = Files.readString(home.resolve(".config/benchlab/influx-token")).strip();
            try (InfluxDBClient client = InfluxDBClientFactory.create("http://127.0.0.1:" + influxPort,
                    token.toCharArray(), "benchlab", "benchlab")) {
                assertThat(livePoints(client, from)).as("interval points each runner's container streamed")
                        .containsOnlyKeys(runIds).allSatisfy((run, points) -> assertThat(points).isPositive());
                LiveBoards.assertEveryQueryAnswers(client, from);
            }

            page.run(6, REPO, env, 10);
            List<String> crontab = Files.readAllLines(home.resolve("crontab"));
            String cronLine = crontab.get(crontab.size() - 1); // the user's lines, if any, come first
            Matcher line = Pattern.compile("0 2 \\* \\* \\* (cd .*)").matcher(cronLine);
            assertThat(line.matches()).as("the crontab's new line, at 02:00 every night: " + cronLine).isTrue();
            assertThat(line.group(1)).startsWith("cd " + REPO + " && DOCKER_HOST=" + System.getenv("DOCKER_HOST") + " ");
            String cron = asCronRunsIt(line.group(1), home);
            assertThat(cron).as("the cron line's own output, all in its log").isEmpty();
            assertThat(home.resolve("benchlab-nightly/nightly.log")).content().contains("nightly: 2 cells, pass");
        } finally {
            Process down = new ProcessBuilder(REPO.resolve("bin/lab").toString(), "stack", "down", "--volumes")
                    .directory(REPO.toFile()).redirectErrorStream(true).start();
            down.waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(StackIT.stackObjects(docker)).as("the stack after lab stack down --volumes").isEmpty();
        assertThat(DockerApi.benchlabLeftovers(docker)).as("what the night's runs left").isEmpty();
    }

    /** The command as cron runs it: /bin/sh -c, in an environment of HOME, LOGNAME, SHELL and a bare PATH. */
    private static String asCronRunsIt(String command, Path home) throws IOException, InterruptedException {
        Path out = home.resolve("cron-output");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().clear();
        pb.environment().putAll(Map.of("HOME", home.toString(), "LOGNAME", System.getProperty("user.name"),
                "SHELL", "/bin/sh", "PATH", CRON_PATH, "XDG_CONFIG_HOME", home.resolve(".config").toString()));
        Process sh = pb.start();
        if (!sh.waitFor(300, TimeUnit.SECONDS)) {
            sh.destroyForcibly().waitFor();
            throw new AssertionError("the cron line did not end within 300 s; its log:\n" + logOf(home));
        }
        assertThat(sh.exitValue()).as("the cron line's exit; its log:\n%s", logOf(home)).isZero();
        return Files.readString(out);
    }

    private static String logOf(Path home) throws IOException {
        Path log = home.resolve("benchlab-nightly/nightly.log");
        return Files.exists(log) ? Files.readString(log) : "(none)";
    }

    /** Interval points since FROM by run id: what the runners streamed live, from their containers. */
    private static Map<String, Long> livePoints(InfluxDBClient client, Instant from) {
        String flux = """
                from(bucket: "benchlab") |> range(start: %s)
                  |> filter(fn: (r) => r._measurement == "benchlab_interval" and r._field == "tps")
                  |> group(columns: ["run_id"]) |> count()
                """.formatted(from.minusSeconds(60));
        Map<String, Long> points = new TreeMap<>();
        client.getQueryApi().query(flux).forEach(t -> {
            for (FluxRecord r : t.getRecords()) {
                points.put((String) r.getValueByKey("run_id"), ((Number) r.getValue()).longValue());
            }
        });
        return points;
    }

    /** Each stack container's published port, as host:port. */
    private static Map<String, String> publishedOn(DockerClient docker) {
        Map<String, String> found = new TreeMap<>();
        docker.listContainersCmd().withLabelFilter(List.of(STACK_LABEL)).exec().forEach(c -> {
            var bindings = docker.inspectContainerCmd(c.getId()).exec().getHostConfig().getPortBindings().getBindings();
            for (Ports.Binding[] bs : bindings.values()) {
                for (Ports.Binding b : bs) {
                    found.put(c.getNames()[0].replace("/", ""), b.getHostIp() + ":" + b.getHostPortSpec());
                }
            }
        });
        return found;
    }

    /** A Grafana stand-in from the Debian base: Perl (in every Debian) answering the health check. */
    private static void buildGrafanaStandIn(DockerClient docker, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("health.pl"), """
                use IO::Socket::INET;
                my $s = IO::Socket::INET->new(LocalPort => 3000, Listen => 16, ReuseAddr => 1) or die "listen: $!";
                while (my $c = $s->accept) {
                  my $line = <$c> // '';
                  while (my $h = <$c>) { last if $h =~ /^\\r?\\n$/ }
                  print $c $line =~ m{^GET /api/health } ? "HTTP/1.0 200 OK\\r\\n\\r\\n{\\"database\\":\\"ok\\"}\\n"
                      : "HTTP/1.0 404 Not Found\\r\\n\\r\\n";
                  close $c;
                }
                """);
        Files.writeString(dir.resolve("Dockerfile"), "FROM " + BASE + "\nCOPY health.pl /health.pl\nEXPOSE 3000\n"
                + "CMD [\"perl\", \"/health.pl\"]\n");
        docker.buildImageCmd(dir.toFile()).withTags(Set.of(GRAFANA_STANDIN)).withPull(false)
                .exec(new BuildImageResultCallback()).awaitImageId();
    }

    private static void requireImage(DockerClient docker, String image, String maker) {
        if (!DockerEnvironment.imageThere(docker, image)) {
            String message = image + " is not there (" + maker + ")";
            if ("all".equals(System.getenv(ServerTargets.REQUIRED))) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
    }

    private static Path onlyNight(Path results) throws IOException {
        try (var nights = Files.list(results)) {
            List<Path> all = nights.filter(Files::isDirectory).toList();
            assertThat(all).as("the nights in " + results).hasSize(1);
            return all.get(0);
        }
    }
}
