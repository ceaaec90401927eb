package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.it.kube.Kubectl;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the nightly ITs do to the real cluster as a user would: volumes for the claims (folders of
 * this machine, which is every node), the plan put into the CronJob's ConfigMap, and nights started
 * from the CronJob with {@code kubectl create job --from}.
 */
final class ClusterNights {

    static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
    static final String NS = "benchlab";

    private final TestCluster cluster;

    ClusterNights(TestCluster cluster) {
        this.cluster = cluster;
    }

    /** The CronJob's plan as applied: the ConfigMap k8s/nightly (or an overlay of it) generated. */
    String plan() {
        return planMap().getData().get("plan.yaml");
    }

    private ConfigMap planMap() {
        return cluster.client.configMaps().inNamespace(NS).list().getItems().stream()
                .filter(c -> c.getMetadata().getName().startsWith("benchlab-nightly-plan")).findFirst().orElseThrow();
    }

    /** The CronJob's plan (the ConfigMap k8s/nightly generated) becomes PLAN, as an edit of that ConfigMap would. */
    void plan(String plan) {
        ConfigMap map = planMap();
        cluster.client.configMaps().inNamespace(NS).withName(map.getMetadata().getName()).edit(c -> {
            c.setData(Map.of("plan.yaml", plan));
            return c;
        });
    }

    /**
     * Starts night NAME from the CronJob. The nights of a test are minutes apart, not days, so the
     * CronJob is first told the night's name (--night), which would otherwise be today's date, and
     * suspended: a test running at 02:00 UTC saw the schedule start a night of its own beside it.
     */
    void start(String name) {
        cluster.client.batch().v1().cronjobs().inNamespace(NS).withName("benchlab-nightly").edit(c -> {
            c.getSpec().setSuspend(true);
            List<String> args = c.getSpec().getJobTemplate().getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
            int at = args.indexOf("--night");
            if (at >= 0) {
                args.subList(at, at + 2).clear();
            }
            args.addAll(List.of("--night", name));
            return c;
        });
        Kubectl.ok(cluster.kubeconfig, "create", "job", "--from=cronjob/benchlab-nightly", name, "-n", NS);
    }

    /** Namespace benchlab gone, as an earlier test's delete -k k8s/ leaves it in the end. */
    void awaitNoNamespace() {
        cluster.client.namespaces().withName(NS).waitUntilCondition(n -> n == null, 3, TimeUnit.MINUTES);
    }

    /** k8s/ deleted (namespace benchlab and everything in it, the lab's RBAC), and waited for. */
    void removeAll() {
        Kubectl.run(cluster.kubeconfig, "delete", "-k", REPO.resolve("k8s").toString(), "--wait=false");
        awaitNoNamespace();
    }

    /** Waits for night NAME's job to end, within TIMEOUT. */
    Job awaitEnd(String name, Duration timeout) {
        return cluster.client.batch().v1().jobs().inNamespace(NS).withName(name).waitUntilCondition(
                j -> j != null && j.getStatus() != null && (count(j.getStatus().getSucceeded()) > 0
                        || count(j.getStatus().getFailed()) > 0), timeout.toSeconds(), TimeUnit.SECONDS);
    }

    String log(String name) {
        return Kubectl.run(cluster.kubeconfig, "logs", "job/" + name, "-n", NS).out();
    }

    static boolean succeeded(Job job) {
        return count(job.getStatus().getSucceeded()) > 0;
    }

    void deleteJob(String name) {
        Kubectl.run(cluster.kubeconfig, "delete", "job", name, "-n", NS, "--ignore-not-found", "--wait=true");
    }

    static void deleteAll(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    /** The night's folder on the results volume (the only one under nightly/ when one night ran). */
    static Path onlyNight(Path results) throws IOException {
        try (Stream<Path> nights = Files.list(results.resolve("nightly"))) {
            Path night = nights.findFirst().orElseThrow();
            assertThat(night).isDirectory();
            return night;
        }
    }

    private static int count(Integer n) {
        return n == null ? 0 : n;
    }
}
