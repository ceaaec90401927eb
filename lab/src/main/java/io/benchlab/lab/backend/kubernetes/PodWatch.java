package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Progress;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Watches the database and runner pods while the runner works, so that a run that lost one ends
 * within seconds with the cause, instead of measuring a dead server for the rest of its duration.
 * On a loss it records why, stops the runner if its database is lost, or the other client pods if
 * one of several is lost (each leaves its result, which the lab then marks failed), and after
 * {@link LabDefaults#KUBE_LOST_POD_GRACE} ends the lab's wait for the runners' logs through
 * {@code giveUp}.
 */
final class PodWatch implements AutoCloseable {

    private final ClusterObjects objects;
    private final Progress progress;
    private final BooleanSupplier stoppedByLab;
    private final Runnable giveUp;
    private final String dbName;
    private final List<String> runnerNames;
    private final int dbRestarts;
    private final List<Integer> runnerRestarts;
    private final Thread thread;
    private volatile String lost;

    PodWatch(ClusterObjects objects, Progress progress, String dbName, List<String> runnerNames,
             BooleanSupplier stoppedByLab, Runnable giveUp) {
        this.objects = objects;
        this.progress = progress;
        this.stoppedByLab = stoppedByLab;
        this.giveUp = giveUp;
        this.dbName = dbName;
        this.runnerNames = List.copyOf(runnerNames);
        this.dbRestarts = PodLoss.restarts(objects.pod(dbName));
        this.runnerRestarts = runnerNames.stream().map(n -> PodLoss.restarts(objects.pod(n))).toList();
        this.thread = new Thread(this::watch, "benchlab-pod-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Why a pod of the run was lost, or null while none was. */
    String lost() {
        return lost;
    }

    /**
     * One more look once the runner has ended without an ok result: a pod deleted between two of
     * the watch's looks (a runner that stops at once on SIGTERM) is a loss all the same.
     */
    void lookOnceMore() throws InterruptedException {
        // A few looks, not one: a look that the API server did not answer (under load) sees no loss.
        for (int i = 0; i < LAST_LOOKS && lost == null; i++) {
            if (i > 0) {
                Thread.sleep(LAST_LOOK_PAUSE_MILLIS);
            }
            Loss loss = look();
            if (loss != null) {
                lost = loss.why();
                // Said as the watch says it: a runner that ends within a second of its pod's deletion beats its look.
                progress.lab("%s: the run ends", lost);
            }
        }
    }

    private static final int LAST_LOOKS = 4;
    private static final long LAST_LOOK_PAUSE_MILLIS = 250;

    /** A pod lost, and whether it was the database's. */
    private record Loss(boolean database, String why) {
    }

    /** The first pod lost (the database's before the runners', whose stop by the lab is none), or null. */
    private Loss look() {
        String why = check(dbName, "database", dbRestarts);
        if (why != null) {
            return new Loss(true, why);
        }
        for (int i = 0; i < runnerNames.size() && !stoppedByLab.getAsBoolean(); i++) {
            why = check(runnerNames.get(i), "runner", runnerRestarts.get(i));
            if (why != null) {
                return new Loss(false, why);
            }
        }
        return null;
    }

    private void watch() {
        try {
            while (true) {
                Thread.sleep(LabDefaults.KUBE_POD_WATCH_INTERVAL.toMillis());
                Loss loss = look();
                if (loss != null) {
                    lost = loss.why();
                    progress.lab("%s: the run ends", loss.why());
                    // Without its database, or one of several client pods, the others measure nothing worth having.
                    if (loss.database() || runnerNames.size() > 1) {
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
