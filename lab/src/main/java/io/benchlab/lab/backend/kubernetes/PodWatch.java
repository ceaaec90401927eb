package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Progress;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.function.BooleanSupplier;

/**
 * Watches the database and runner pods while the runner works, so that a run that lost one ends
 * within seconds with the cause, instead of measuring a dead server for the rest of its duration.
 * On a loss it records why, stops the runner if its database is lost (the runner leaves its
 * result, which the lab then marks failed), and after {@link LabDefaults#KUBE_LOST_POD_GRACE} ends
 * the lab's wait for the runner's log through {@code giveUp}.
 */
final class PodWatch implements AutoCloseable {

    private final ClusterObjects objects;
    private final Progress progress;
    private final BooleanSupplier stoppedByLab;
    private final Runnable giveUp;
    private final Thread thread;
    private volatile String lost;

    PodWatch(ClusterObjects objects, Progress progress, String dbName, String runnerName, BooleanSupplier stoppedByLab,
             Runnable giveUp) {
        this.objects = objects;
        this.progress = progress;
        this.stoppedByLab = stoppedByLab;
        this.giveUp = giveUp;
        int dbRestarts = PodLoss.restarts(objects.pod(dbName));
        int runnerRestarts = PodLoss.restarts(objects.pod(runnerName));
        this.thread = new Thread(() -> watch(dbName, dbRestarts, runnerName, runnerRestarts), "benchlab-pod-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Why a pod of the run was lost, or null while none was. */
    String lost() {
        return lost;
    }

    private void watch(String dbName, int dbRestarts, String runnerName, int runnerRestarts) {
        try {
            while (true) {
                Thread.sleep(LabDefaults.KUBE_POD_WATCH_INTERVAL.toMillis());
                String why = check(dbName, "database", dbRestarts);
                boolean database = why != null;
                if (why == null && !stoppedByLab.getAsBoolean()) {
                    why = check(runnerName, "runner", runnerRestarts);
                }
                if (why != null) {
                    lost = why;
                    progress.lab("%s: the run ends", why);
                    if (database) {
                        objects.suspend();
                    }
                    Thread.sleep(LabDefaults.KUBE_LOST_POD_GRACE.toMillis());
                    giveUp.run();
                    return;
                }
            }
        } catch (InterruptedException done) {
            // The runner ended: nothing more to watch.
        }
    }

    /** The pod's loss, or null; an API server that does not answer this once is no loss. */
    private String check(String name, String what, int restarts) {
        try {
            Pod pod = objects.pod(name);
            String nodeName = pod == null || pod.getSpec() == null ? null : pod.getSpec().getNodeName();
            // A pod not bound to a node has no node to lose.
            Node node = nodeName == null ? new Node() : objects.node(nodeName);
            return PodLoss.of(pod, name, what, restarts, node).orElse(null);
        } catch (KubernetesClientException e) {
            return null;
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
