package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.it.kube.Kubectl;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.runner.core.EnvironmentProbe;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * lab nightly as the cluster runs it: k8s/ and k8s/nightly applied as a user would, a night
 * started from the CronJob (kubectl create job --from), the lab in its own pod under the
 * benchlab-lab ServiceAccount alone, reaching each cell's database through its Service; the
 * night's verdicts in the job's log and its reports on the results volume; no run object left.
 */
class NightlyClusterIT {

    private static final Path REPO = ClusterNights.REPO;
    private static final String NS = ClusterNights.NS;
    private static final String PV = "benchlab-nightly-it";

    /** Two short cells on the smallest limits the nodes take: a server engine and its canary. */
    private static final String PLAN = """
            version: 1
            options: {backend: kubernetes, scale: 2, duration: 2s, warmup: 1s, rounds: 5, db-cpus: 0.5,
                      db-memory: 512m, runner-cpus: 0.5, runner-memory: 512m}
            cells:
              - engines: [hsqldb-server]
                clients: [2]
            canary: {engine: hsqldb-server, clients: 1}
            """;

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @Test
    void aNightStartedFromTheCronJobRunsThePlanUnderTheLabsServiceAccountAndLeavesNothing() throws Exception {
        ClusterNights nights = new ClusterNights(cluster);
        Path results = ClusterNights.folder("benchlab-nightly-it-");
        try {
            nights.awaitNoNamespace();
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", REPO.resolve("k8s").toString());
            nights.volume(PV, results, "benchlab-nightly-results");
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", REPO.resolve("k8s/nightly").toString());
            nights.plan(PLAN);

            nights.start("night-1");
            Job job = nights.awaitEnd("night-1", Duration.ofMinutes(6));
            String log = nights.log("night-1");
            assertThat(ClusterNights.succeeded(job)).as(log).isTrue();
            assertThat(log).contains("hsqldb-server-durable-c2", "canary-hsqldb-server-durable-c1", "first night",
                    "nightly: 2 cells, pass");
            Path night = ClusterNights.onlyNight(results);
            assertThat(night.resolve("report.md")).content().contains("| hsqldb-server-durable-c2 | first night |");
            assertThat(night.resolve("hsqldb-server-durable-c2.json")).isRegularFile();
            assertThat(new ClusterObjects(cluster.client, NS, null).remaining()).as("run objects left").isEmpty();
        } finally {
            nights.deleteJob("night-1");
            Kubectl.run(cluster.kubeconfig, "delete", "-k", REPO.resolve("k8s/nightly").toString(), "--wait=true");
            nights.deleteVolume(PV);
            nights.removeAll();
            ClusterNights.deleteAll(results);
        }
    }

    @Test
    void thePlanOfTheCronJobIsValid() {
        assertThat(NightlyPlan.read(REPO.resolve("k8s/nightly/plan.yaml")).cells()).isNotEmpty();
        assertThat(Kubectl.ok(null, "kustomize", REPO.resolve("k8s/nightly").toString()))
                .contains("concurrencyPolicy: Forbid", "serviceAccountName: benchlab-lab",
                        "image: benchlab/lab:" + EnvironmentProbe.labVersion());
    }
}
