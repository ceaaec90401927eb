package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.query.FluxRecord;
import io.benchlab.lab.boards.LiveBoards;
import io.benchlab.lab.docs.PageSteps;
import io.benchlab.lab.it.kube.Clusters;
import io.benchlab.lab.it.kube.Kubectl;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.lab.it.kube.UsesClusters;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.LocalPortForward;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The nightly as a cluster's owner meets it: docs/running/nightly-cluster.md's steps run as
 * written ({@link PageSteps}) on the real nodes as .ci/kube starts them (db and client nodes
 * labelled and tainted, a general node, a registry with a password and TLS). The lab's image and
 * every cell's images are pulled from that registry with the page's pull secret, the lab runs in
 * its own pod on the general node under the benchlab-lab ServiceAccount alone, and the night's
 * report is read from the results claim as the page says. What the test runs otherwise than the
 * page says, each through {@link PageSteps#replace}, which fails when the page no longer says it:
 * <ul>
 *   <li>step 1 is not run: .ci/kube labelled and tainted the nodes;</li>
 *   <li>step 2 is not run: .ci/run pushed the images with that command (its PUSHED prefix);</li>
 *   <li>step 4's InfluxDB is .ci/influx's stand-in for the official image (by tag: its digest is
 *       not the official one), and no Grafana pod runs, for there is no Grafana image here; its
 *       ConfigMaps are applied all the same (K8sStackTest checks them), and every board query is
 *       run against InfluxDB as Grafana sends it ({@link LiveBoards});</li>
 *   <li>step 5's plan is a short one ({@link #PLAN}), the shipped one's cells taking an hour;</li>
 *   <li>step 6 waits 8 minutes for the night, not 12 hours;</li>
 *   <li>step 7 is not run: the port-forward to Grafana (above).</li>
 * </ul>
 * Two more nights of one PostgreSQL cell and the canary follow, started from the CronJob: their
 * points in the cluster's InfluxDB and every board query answered from them. Then a night in
 * which that cell has a real regression (a plan change that takes nine tenths of its database
 * CPU), which names the cell, the metric and the change, and a new cell first in the plan loses its
 * database pod mid-run, which fails that cell within 10 s and runs the others; the canary passes.
 * Every night leaves no run object, and no pod of the lab's own is on a node with a role.
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
            options:
              backend: kubernetes
              scale: 4
              duration: 2s
              warmup: 6s
              rounds: 8
              db-cpus: 0.5
              db-memory: 512m
              runner-cpus: 0.5
              runner-memory: 512m
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
    private static final List<String> CELLS = List.of(CUT, CANARY);
    private static final List<String> LAST_CELLS = List.of(LOST, CUT, CANARY);
    private static final Duration NIGHT = Duration.ofMinutes(8);
    private static final String PAGE = "docs/running/nightly-cluster.md";

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @Test
    void nightsLandInTheClustersInfluxDbAndARegressionOrALostDatabaseFailsOnlyItsCell() throws Exception {
        ClusterNights nights = new ClusterNights(cluster);
        Clusters.Registry registry = Clusters.registry();
        Path work = Files.createTempDirectory(Path.of("/tmp"), "benchlab-nightly-page-");
        Path overlay = Files.createTempDirectory(Path.of("/tmp"), "benchlab-stack-overlay-");
        try {
            nights.awaitNoNamespace();
            // The repository's root as the page's commands see it, and the file the page asks the reader to make.
            for (String dir : List.of("k8s", "images")) {
                Files.createSymbolicLink(work.resolve(dir), ClusterNights.REPO.resolve(dir));
            }
            Files.copy(registry.passwordFile(), work.resolve("registry-password"));
            Map<String, String> env = Map.of("REGISTRY", registry.prefix(), "REGISTRY_USER", registry.user(),
                    "KUBECONFIG", cluster.kubeconfig.toString());
            PageSteps page = PageSteps.read(ClusterNights.REPO.resolve(PAGE))
                    .replace(4, "kubectl apply -k k8s/stack", "kubectl apply -k " + standInStack(overlay))
                    .replace(4, "kubectl -n benchlab rollout status deployment/grafana --timeout=5m\n", "")
                    .replace(5, "cp k8s/nightly/plan.yaml my-nightly/plan.yaml",
                            "cat >my-nightly/plan.yaml <<'PLAN'\n" + PLAN + "PLAN")
                    .replace(6, "--timeout=12h", "--timeout=" + NIGHT.toSeconds() + "s");
            page.run(3, work, env, 120);
            page.run(4, work, env, 300);
            page.run(5, work, env, 60);
            String token = Files.readString(work.resolve("influx-token")).strip();

            Instant from = Instant.now();
            String log = page.run(6, work, env, NIGHT.toSeconds() + 60);
            for (String cell : CELLS) {
                assertThat(line(log, cell)).as(log).doesNotContain("regressed", "failed");
            }
            assertThat(line(log, CUT)).contains("first night");
            assertThat(log).contains("nightly: 2 cells, pass");
            assertThat(new ClusterObjects(cluster.client, NS, null).remaining()).as("run objects left by the first night")
                    .isEmpty();
            assertTheLabsOwnPodsRanOnNodesWithoutARole();
            page.run(8, work, env, 180);
            Path night = ClusterNights.onlyNight(work);
            assertThat(night.resolve("report.md")).content().contains("| " + CUT + " | first night |");
            assertThat(night.resolve("report.html")).isRegularFile();
            for (String cell : CELLS) {
                Placement placed = ResultJson.read(night.resolve(cell + ".json")).placement();
                for (Placement.Side side : List.of(placed.database(), placed.runner())) {
                    assertThat(side.image()).as(cell + ": pulled from the registry").startsWith(registry.prefix() + "/");
                    assertThat(side.imageDigest()).as(cell + "'s image's digest").startsWith("sha256:");
                }
            }
            String applied = nights.plan();
            assertThat(applied).as("the plan as the page's step 5 left it").contains("registry: " + registry.prefix(),
                    "image-pull-secret: benchlab-pull", "influx-url: http://influxdb:8086");

            for (int n = 2; n <= 3; n++) {
                String more = night(nights, "night-" + n, true, CELLS);
                for (String cell : CELLS) {
                    assertThat(line(more, cell)).as(more).doesNotContain("regressed", "failed");
                }
            }
            try (LocalPortForward influx = cluster.client.services().inNamespace(NS).withName("influxdb").portForward(8086);
                 InfluxDBClient client = InfluxDBClientFactory.create("http://127.0.0.1:" + influx.getLocalPort(),
                         token.toCharArray(), "benchlab", "benchlab")) {
                assertThat(runsPerCell(client, from)).as("runs in the cluster's InfluxDB, by engine, profile, clients")
                        .isEqualTo(Map.of("hsqldb-server relaxed 2", 3L, "postgres relaxed 4", 3L));
                LiveBoards.assertEveryQueryAnswers(client, from);
            }

            nights.plan(lastPlan(applied));
            nights.start("night-4");
            Instant deleted = deleteTheFirstDatabasePodMidRun(nights, "night-4");
            String last = ended(nights, "night-4", false, LAST_CELLS);
            Path results = claimFolder("benchlab-nightly-results");
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
            for (String job : List.of("night-now", "night-2", "night-3", "night-4")) {
                nights.deleteJob(job);
            }
            if (Files.exists(work.resolve("my-nightly"))) {
                Kubectl.run(cluster.kubeconfig, "delete", "-k", work.resolve("my-nightly").toString(), "--wait=true");
            }
            if (Files.exists(overlay.resolve("kustomization.yaml"))) {
                Kubectl.run(cluster.kubeconfig, "delete", "-k", overlay.toString(), "--wait=true");
            }
            nights.removeAll();
            ClusterNights.deleteAll(work);
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

    /**
     * The night the page started, and InfluxDB, ran on nodes without a role: the lab's own pods
     * never take a dedicated node's CPU.
     */
    private void assertTheLabsOwnPodsRanOnNodesWithoutARole() {
        List<Pod> own = new java.util.ArrayList<>(cluster.client.pods().inNamespace(NS).withLabel("job-name", "night-now")
                .list().getItems());
        own.add(cluster.client.pods().inNamespace(NS).withName("influxdb-0").get());
        assertThat(own).hasSize(2).allSatisfy(p -> {
            String node = p.getSpec().getNodeName();
            assertThat(cluster.client.nodes().withName(node).get().getMetadata().getLabels())
                    .as(p.getMetadata().getName() + " on " + node).doesNotContainKey("benchlab.io/role");
        });
    }

    /** The host's folder behind CLAIM's volume: the local-path provisioner's, on this machine. */
    private Path claimFolder(String claim) {
        String volume = cluster.client.persistentVolumeClaims().inNamespace(NS).withName(claim).get().getSpec()
                .getVolumeName();
        var pv = cluster.client.persistentVolumes().withName(volume).get().getSpec();
        return Path.of(pv.getHostPath() != null ? pv.getHostPath().getPath() : pv.getLocal().getPath());
    }

    /** The last night's plan: the applied one, with a cell first that loses its database and the cut. */
    private static String lastPlan(String applied) {
        return applied.replace("cells:\n", """
                cells:
                  - engines: [postgres]
                    profiles: [relaxed]
                    clients: [1]
                """).replace("clients: [4]\n", "clients: [4]\n    options: {db-cpus: " + CUT_CPUS + "}\n");
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

    /** The cut cell's tps on each night whose result is on the volume, for a failure to show. */
    private static Map<String, Double> cutTps(Path results) {
        Map<String, Double> tps = new TreeMap<>();
        try (var nights = Files.list(results.resolve("nightly"))) {
            for (Path night : nights.toList()) {
                try {
                    RunResult r = ResultJson.read(night.resolve(CUT + ".json"));
                    tps.put(night.getFileName().toString(), r.figures() == null ? null : r.figures().tps());
                } catch (IOException | RuntimeException e) {
                    tps.put(night.getFileName().toString(), null);
                }
            }
        } catch (IOException e) {
            tps.put("(" + e.getMessage() + ")", null);
        }
        return tps;
    }
}
