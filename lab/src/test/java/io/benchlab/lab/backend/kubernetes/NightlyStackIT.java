package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.query.FluxRecord;
import io.benchlab.lab.boards.LiveBoards;
import io.benchlab.lab.it.kube.Kubectl;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.lab.it.kube.UsesClusters;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.LocalPortForward;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The nightly as the product runs it: k8s/stack's InfluxDB and k8s/nightly's CronJob applied with
 * kubectl, the lab in its own pod under the benchlab-lab ServiceAccount alone, reaching each cell's
 * database through its Service. Three nights of one PostgreSQL cell and the canary started from the
 * CronJob: their verdicts in the job's log, their reports and results on the results volume, their
 * points in the cluster's InfluxDB and every board query answered from them. Then a night in which
 * that cell has a real regression (a plan change that takes nine tenths of its database CPU), which names
 * the cell, the metric and the change, and a new cell first in the plan loses its database pod
 * mid-run, which fails that cell within 10 s and runs the others; the canary passes. Every night
 * leaves no run object.
 *
 * <p>Cells are what the time goes on (a cell is ~40 s on these nodes: its pods, a load, warm-up
 * and rounds), so the nights are short by design: each point needs one cell, not one cell each
 * (a regression and a lost database fall on one night, in different cells).
 */
@UsesClusters
class NightlyStackIT {

    private static final String NS = ClusterNights.NS;

    /**
     * Short rounds on small limits, judged at lab compare's alpha with a wide threshold and latency
     * floor: a night must be far off its earlier ones to be called regressed. Nights here moved by
     * up to 18% in throughput, and in one CI run a second night failed at a threshold of 25%; the
     * cut below ({@link #CUT_CPUS}) must take far more than 50%. Every cell warms up for 6 s: a runner
     * of 0.5 CPU has not compiled its clients' code after 2 s. With C1 alone the HSQLDB server's
     * cells were still at it 4 s into the rounds (tps rising from 436 to 1283 over them), and a
     * night whose JIT finished later looked slower; with C2 (the clients' JIT since issue 20) the
     * PostgreSQL cells were too. A cut cell whose runner, not its database, held its earlier
     * nights' tps down has its tps fall by less than the threshold: the verdict then names its
     * p95 alone (1121% up, p 0.0001, in one CI run; tps 75% down in another run; p99 alone in a
     * third), and any will do. Eight rounds a night, not five: at 0.05 CPU the cut's 2-s rounds
     * vary so much that with five, in one CI run here, neither was shown (tps 94% down, p 0.12;
     * p95 2036% up, p 0.0104; "to tell: about 6 rounds a run").
     */
    private static final String PLAN = """
            version: 1
            options: {backend: kubernetes, scale: 4, duration: 2s, warmup: 6s, rounds: 8, db-cpus: 0.5,
                      db-memory: 512m, runner-cpus: 0.5, runner-memory: 512m,
                      influx-url: "http://influxdb:8086"}
            cells:
              - engines: [postgres]
                profiles: [relaxed]
                clients: [4]
            canary: {engine: hsqldb-server, profile: relaxed, clients: 2}
            judge: {nights: 7, threshold-percent: 50, latency-floor-ms: 50}
            """;
    private static final String CUT = "postgres-relaxed-c4";
    /**
     * The cut's database CPUs on the last night, a tenth of its 0.5. A cut to 0.15 took 69-73% of
     * the cell's tps on a quiet machine, but CI's three lanes leave a 0.5-CPU database less than
     * its limit, and there it was once judged no change: its earlier nights had been as slow.
     */
    private static final String CUT_CPUS = "0.05";
    private static final String CANARY = "canary-hsqldb-server-relaxed-c2";
    /** The cell whose database pod is deleted: first in the last night's plan, so the others run after it. */
    private static final String LOST = "postgres-relaxed-c1";
    private static final String LAST_PLAN = PLAN.replace("cells:\n", """
            cells:
              - engines: [postgres]
                profiles: [relaxed]
                clients: [1]
            """).replace("clients: [4]\n", "clients: [4]\n    options: {db-cpus: " + CUT_CPUS + "}\n");
    private static final List<String> CELLS = List.of(CUT, CANARY);
    private static final List<String> LAST_CELLS = List.of(LOST, CUT, CANARY);
    private static final Duration NIGHT = Duration.ofMinutes(8);

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @Test
    void nightsLandInTheClustersInfluxDbAndARegressionOrALostDatabaseFailsOnlyItsCell() throws Exception {
        ClusterNights nights = new ClusterNights(cluster);
        Path results = ClusterNights.folder("benchlab-nightly-results-");
        Path influxData = ClusterNights.folder("benchlab-influx-data-");
        Path overlay = Files.createTempDirectory(Path.of("/tmp"), "benchlab-stack-overlay-");
        String token = secret();
        try {
            nights.awaitNoNamespace();
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", ClusterNights.REPO.resolve("k8s").toString());
            nights.volume("benchlab-nightly-results-it", results, "benchlab-nightly-results");
            nights.volume("benchlab-influx-data-it", influxData, "data-influxdb-0");
            secrets(token);
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", standInStack(overlay).toString());
            cluster.client.apps().statefulSets().inNamespace(NS).withName("influxdb").waitUntilCondition(
                    s -> s != null && s.getStatus() != null && Integer.valueOf(1).equals(s.getStatus().getReadyReplicas()),
                    3, TimeUnit.MINUTES);
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", ClusterNights.REPO.resolve("k8s/nightly").toString());
            nights.plan(PLAN);

            Instant from = Instant.now();
            for (int n = 1; n <= 3; n++) {
                String log = night(nights, "night-" + n, true, CELLS);
                for (String cell : CELLS) {
                    assertThat(line(log, cell)).as(log).doesNotContain("regressed", "failed");
                }
                if (n == 1) {
                    assertThat(line(log, CUT)).contains("first night");
                    assertThat(log).contains("nightly: 2 cells, pass");
                    Path night = results.resolve("nightly/night-1");
                    assertThat(night.resolve("report.md")).content().contains("| " + CUT + " | first night |");
                    assertThat(night.resolve(CUT + ".json")).isRegularFile();
                }
            }
            try (LocalPortForward influx = cluster.client.services().inNamespace(NS).withName("influxdb").portForward(8086);
                 InfluxDBClient client = InfluxDBClientFactory.create("http://127.0.0.1:" + influx.getLocalPort(),
                         token.toCharArray(), "benchlab", "benchlab")) {
                assertThat(runsPerCell(client, from)).as("runs in the cluster's InfluxDB, by engine, profile, clients")
                        .isEqualTo(Map.of("hsqldb-server relaxed 2", 3L, "postgres relaxed 4", 3L));
                LiveBoards.Proof proof = LiveBoards.prove(client, "benchlab", "benchlab", from.minusSeconds(60),
                        Instant.now().plusSeconds(60));
                assertThat(proof.faults()).isEmpty();
                // Change points come from lab history, and three steady nights have none.
                assertThat(proof.rows()).as("rows of every board query").hasSizeGreaterThan(20)
                        .allSatisfy((query, rows) -> assertThat(rows).as(query)
                                .isGreaterThan(query.endsWith("annotation Change points") ? -1 : 0));
            }

            nights.plan(LAST_PLAN);
            nights.start("night-4");
            Instant deleted = deleteTheFirstDatabasePodMidRun(nights, "night-4");
            String last = ended(nights, "night-4", false, LAST_CELLS);
            // Any metric may name the cut first, each in its direction: its tps fell, or a latency
            // percentile rose (p99 alone, 652% up at p 0.0026, in one CI run, its tps 95% down but
            // not shown; p50, p95 and p99 in another, p50 first).
            assertThat(line(last, CUT)).as("the cut's verdict; its tps each night: %s", cutTps(results))
                    .contains("regressed", "against 3 nights",
                            "the set-up changed since the last night: database cpus 0.5 vs " + CUT_CPUS)
                    .containsPattern("regressed +(tps [0-9.]+ -> [0-9.]+ \\(-|p(50|95|99) ms [0-9.]+ -> [0-9.]+ \\(\\+)");
            assertThat(line(last, LOST)).contains("failed", "the database pod", "deleted by someone else");
            assertThat(line(last, CANARY)).as(last).doesNotContain("regressed", "failed");
            assertThat(last).contains("nightly: 3 cells, FAIL (2 regressed or failed)");
            RunResult failed = ResultJson.read(results.resolve("nightly/night-4/" + LOST + ".json"));
            assertThat(failed.status()).isEqualTo(Status.FAILED);
            assertThat(Duration.between(deleted, Instant.parse(failed.timestamps().finished())))
                    .as("from the delete to the cell's end").isLessThan(Duration.ofSeconds(10));
        } finally {
            for (int n = 1; n <= 4; n++) {
                nights.deleteJob("night-" + n);
            }
            Kubectl.run(cluster.kubeconfig, "delete", "-k", ClusterNights.REPO.resolve("k8s/nightly").toString(), "--wait=true");
            if (Files.exists(overlay.resolve("kustomization.yaml"))) {
                Kubectl.run(cluster.kubeconfig, "delete", "-k", overlay.toString(), "--wait=true");
            }
            cluster.client.persistentVolumeClaims().inNamespace(NS).withName("data-influxdb-0").delete();
            cluster.client.secrets().inNamespace(NS).withName("benchlab-influx").delete();
            cluster.client.secrets().inNamespace(NS).withName("benchlab-grafana").delete();
            nights.deleteVolume("benchlab-nightly-results-it");
            nights.deleteVolume("benchlab-influx-data-it");
            nights.removeAll();
            ClusterNights.deleteAll(results);
            ClusterNights.deleteAll(influxData);
            ClusterNights.deleteAll(overlay);
        }
    }

    @Test
    void thePlanOfTheCronJobIsValid() {
        assertThat(NightlyPlan.read(ClusterNights.REPO.resolve("k8s/nightly/plan.yaml")).cells()).isNotEmpty();
        assertThat(Kubectl.ok(null, "kustomize", ClusterNights.REPO.resolve("k8s/nightly").toString()))
                .contains("concurrencyPolicy: Forbid", "serviceAccountName: benchlab-lab",
                        "image: benchlab/lab:" + EnvironmentProbe.labVersion());
    }

    /** Runs night NAME of CELLS to its end: it passes or not as PASSES says, and leaves no run object. Its log. */
    private String night(ClusterNights nights, String name, boolean passes, List<String> cells) {
        nights.start(name);
        return ended(nights, name, passes, cells);
    }

    private String ended(ClusterNights nights, String name, boolean passes, List<String> cells) {
        boolean succeeded = ClusterNights.succeeded(nights.awaitEnd(name, NIGHT));
        String log = nights.log(name);
        // The night's verdicts first: a CI log that shortens the night's long log keeps its head.
        String verdicts = name + ":\n" + log.lines().filter(l -> cells.stream().anyMatch(c -> l.startsWith(c + " "))
                || l.startsWith("nightly: ")).collect(java.util.stream.Collectors.joining("\n"));
        System.out.println(verdicts);
        assertThat(succeeded).as(name + "'s job succeeded: " + succeeded + "\n" + verdicts + "\nits log:\n" + log)
                .isEqualTo(passes);
        assertThat(new ClusterObjects(cluster.client, NS, null).remaining()).as("run objects left by " + name).isEmpty();
        return log;
    }

    /**
     * Once the night's first cell measures (its log says round 1), its database pod is deleted, as a
     * person or an eviction would. When it was deleted.
     */
    private Instant deleteTheFirstDatabasePodMidRun(ClusterNights nights, String name) throws InterruptedException {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(giveUp)) {
            if (nights.log(name).contains("round 1")) {
                List<Pod> pods = cluster.client.pods().inNamespace(NS).withLabel("benchlab.io/component", "database")
                        .list().getItems();
                assertThat(pods).as("the first cell's database pod").hasSize(1);
                Instant deleted = Instant.now();
                cluster.client.pods().inNamespace(NS).withName(pods.get(0).getMetadata().getName()).delete();
                return deleted;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " did not start measuring within 4 min:\n" + nights.log(name));
    }

    /** The Secrets the stack and the nightly read (k8s/stack's header): random, never printed. */
    private void secrets(String token) {
        cluster.client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("benchlab-influx")
                .endMetadata().withStringData(Map.of("token", token, "password", secret())).build()).create();
        cluster.client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("benchlab-grafana")
                .endMetadata().withStringData(Map.of("password", secret())).build()).create();
    }

    /**
     * k8s/stack as it is, but for the images this machine has: .ci/influx's stand-in for the official
     * InfluxDB image (by tag: its digest is not the official one), and no Grafana pod, for there is
     * no Grafana image here (its ConfigMaps are applied all the same; K8sStackTest checks them).
     */
    private static Path standInStack(Path overlay) throws IOException {
        Files.writeString(overlay.resolve("kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                - %s
                patches:
                - target: {kind: StatefulSet, name: influxdb}
                  patch: |-
                    - op: replace
                      path: /spec/template/spec/containers/0/image
                      value: docker.io/library/influxdb:2.7.12
                replicas:
                - name: grafana
                  count: 0
                """.formatted(overlay.relativize(ClusterNights.REPO.resolve("k8s/stack"))));
        return overlay;
    }

    /** Each cell's runs since FROM, by "engine profile clients", from the run summaries the runners wrote. */
    private static Map<String, Long> runsPerCell(InfluxDBClient client, Instant from) {
        String flux = """
                from(bucket: "benchlab") |> range(start: %s)
                  |> filter(fn: (r) => r._measurement == "benchlab_run" and r._field == "tps")
                  |> group(columns: ["engine", "profile", "clients"]) |> distinct(column: "run_id") |> count()
                """.formatted(from.minusSeconds(60));
        Map<String, Long> runs = new TreeMap<>();
        client.getQueryApi().query(flux).forEach(t -> {
            for (FluxRecord r : t.getRecords()) {
                runs.put(r.getValueByKey("engine") + " " + r.getValueByKey("profile") + " " + r.getValueByKey("clients"),
                        ((Number) r.getValue()).longValue());
            }
        });
        return runs;
    }

    private static String line(String log, String cell) {
        return log.lines().filter(l -> l.startsWith(cell + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + cell + " in:\n" + log));
    }

    private static String secret() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The cut cell's tps on each night whose result is on the volume, for a failure to show. */
    private static Map<String, Double> cutTps(Path results) {
        Map<String, Double> tps = new TreeMap<>();
        for (int n = 1; n <= 4; n++) {
            Path file = results.resolve("nightly/night-" + n + "/" + CUT + ".json");
            try {
                RunResult r = ResultJson.read(file);
                tps.put("night-" + n, r.figures() == null ? null : r.figures().tps());
            } catch (IOException | RuntimeException e) {
                tps.put("night-" + n, null);
            }
        }
        return tps;
    }
}
