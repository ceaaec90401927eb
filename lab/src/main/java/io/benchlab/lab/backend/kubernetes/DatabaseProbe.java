package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.JdbcReadiness;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.results.Setup;
import io.benchlab.runner.core.Target;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.LocalPortForward;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The database is ready when the lab can log in over JDBC, never after a sleep, as the user and
 * with the password the runner will use: from outside the cluster through a port-forward to the
 * pod (the API server relays it); from a pod of the cluster (lab nightly's CronJob) through the
 * database's Service, as the runner connects. A pod that fails meanwhile ends the wait with its reason.
 */
final class DatabaseProbe implements AutoCloseable {

    private final LocalPortForward forward;
    private final Target target;

    DatabaseProbe(KubernetesClient client, RunPlan plan, Pod db) {
        boolean inCluster = KubeConnection.inCluster(client);
        this.forward = inCluster ? null : client.pods().inNamespace(plan.namespace()).withName(db.getMetadata().getName())
                .portForward(plan.image().port());
        String url = inCluster ? plan.runnerJdbcUrl() : plan.image().jdbcUrl("127.0.0.1", forward.getLocalPort());
        this.target = new Target(plan.spec().engine(), plan.spec().profile(), url, plan.user(), plan.password(), false);
    }

    void awaitJdbc(Duration timeout, Supplier<Pod> current) throws InterruptedException {
        try {
            JdbcReadiness.await(target, timeout, () -> {
                Pod pod = current.get();
                return pod == null ? Optional.of("the database pod was deleted before it was ready")
                        : PodStates.failure(pod, "database");
            });
        } catch (JdbcReadiness.NotReady e) {
            throw new KubernetesRun.RunFailure(e.getMessage());
        }
    }

    /** The given settings as the server reports them (see {@link JdbcReadiness#readBack}); null: none given. */
    Setup readBack(ServerSettings settings) throws InterruptedException {
        try {
            return JdbcReadiness.readBack(target, settings);
        } catch (JdbcReadiness.NotReady e) {
            throw new KubernetesRun.RunFailure(e.getMessage());
        }
    }

    @Override
    public void close() {
        if (forward == null) {
            return;
        }
        try {
            forward.close();
        } catch (IOException ignored) {
            // The forward's local socket only.
        }
    }
}
