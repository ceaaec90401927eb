package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Progress;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Watches the database and runner pods while the runner works, so that a run that lost one ends
 * within seconds with the cause, instead of measuring a dead server for the rest of its duration.
 * On a loss ({@link PodLoss}) it records why, stops the runner if its database is lost, or the
 * other client pods if one of several is lost (each leaves its result, which the lab then marks
 * failed), and after {@link LabDefaults#KUBE_LOST_POD_GRACE} ends the lab's wait for the runners'
 * logs through {@code giveUp}.
 *
 * <p>The API server tells it: one informer on the run's pods (by the run's label) and one on each
 * node they run on, each event judging the pods afresh. One informer delivers its pods' changes in
 * the order they were made, so a runner seen ending ({@link #awaitFinished}) has had every earlier
 * change of its run's pods judged: the deletion that made it end among them, which a poll could
 * miss between two looks. No poll backs it up: fabric8 watches again after a dropped connection
 * and lists again when its place in the history is gone; a watch that stops for good is said on
 * stderr, and the wait for a runner's end then asks the API server itself, once a second. On
 * .ci/kube's nodes, a pod of a run deleted while it measured was named by the lab 0.09-0.15 s
 * later (0.2-0.8 s with the one-second poll before), and a lost database's run had ended
 * 0.28-0.50 s after the deletion (2.4-2.8 s before); 6 runs of each pod (3 before).
 */
final class PodWatch implements AutoCloseable {

    /** How often a wait for a runner's end asks the API server once the pods' informer has stopped. */
    private static final Duration STOPPED_WATCH_POLL = Duration.ofSeconds(1);

    private final ClusterObjects objects;
    private final Progress progress;
    private final BooleanSupplier stoppedByLab;
    private final Runnable giveUp;
    private final String dbName;
    private final List<String> runnerNames;
    private final Map<String, Integer> restartsAtStart = new LinkedHashMap<>();
    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
    private final SharedIndexInformer<Pod> pods;
    private final Map<String, SharedIndexInformer<Node>> nodes = new LinkedHashMap<>();
    private final ScheduledExecutorService ending = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "benchlab-pod-loss");
        t.setDaemon(true);
        return t;
    });
    /** Set once every informer holds its objects: events before that judge nothing. */
    private volatile boolean ready;
    private volatile boolean closed;
    private volatile String lost;

    /** Starts watching; returns once the informers hold the pods and their nodes as they are now. */
    PodWatch(ClusterObjects objects, Progress progress, String dbName, List<String> runnerNames,
             BooleanSupplier stoppedByLab, Runnable giveUp) {
        this.objects = objects;
        this.progress = progress;
        this.stoppedByLab = stoppedByLab;
        this.giveUp = giveUp;
        this.dbName = dbName;
        this.runnerNames = List.copyOf(runnerNames);
        try {
            this.pods = started(objects.informPods(new Changes<>()), "the run's pods");
            for (String name : watched()) {
                Pod pod = pod(name);
                restartsAtStart.put(name, PodLoss.restarts(pod));
                String node = pod == null || pod.getSpec() == null ? null : pod.getSpec().getNodeName();
                if (node != null && !nodes.containsKey(node)) {
                    nodes.put(node, started(objects.informNode(node, new Changes<>()), "node " + node));
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        ready = true;
        // A pod lost before the informers listed it has sent no event since: judged here.
        changed(Seen.NOTHING);
    }

    /** Why a pod of the run was lost, or null while none was. */
    String lost() {
        return lost;
    }

    /**
     * The runner pod once it has finished, as the watch sees it (null: gone), waiting at most
     * {@code timeout}. Every change of the run's pods before its end is judged by then, so that
     * {@link #lost()} names a pod deleted as the runner ended, which took the runner with it.
     */
    synchronized Pod awaitFinished(String name, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            judge(Seen.NOTHING);
            Pod pod = pod(name);
            long left = deadline - System.nanoTime();
            if (pod == null || PodStates.finished(pod) || left <= 0) {
                return pod;
            }
            wait(Math.max(1, Math.min(STOPPED_WATCH_POLL.toMillis(), TimeUnit.NANOSECONDS.toMillis(left))));
        }
    }

    /** Each event of a pod or node: the pods judged again, and a wait for a runner's end told. */
    private synchronized void changed(Seen seen) {
        judge(seen);
        notifyAll();
    }

    /**
     * Records the first loss (the database's before the runners', whose stop by the lab is none)
     * and ends the run. The object an event brought is judged as it showed it: the cache may hold
     * a later state already (kwok set a node ready again 19 ms after it was made not ready, seen
     * with kubectl get -w; judged from the cache alone, that went unseen in one of two runs of
     * PodWatchIT).
     */
    private void judge(Seen seen) {
        if (!ready || lost != null || closed) {
            return;
        }
        String why = check(dbName, "database", seen);
        boolean database = why != null;
        for (int i = 0; i < runnerNames.size() && why == null && !stoppedByLab.getAsBoolean(); i++) {
            why = check(runnerNames.get(i), "runner", seen);
        }
        if (why == null) {
            return;
        }
        lost = why;
        progress.lab("%s: the run ends", why);
        ending.execute(() -> {
            // Without its database, or one of several client pods, the others measure nothing worth having.
            if (database || runnerNames.size() > 1) {
                objects.suspend();
            }
        });
        ending.schedule(giveUp, LabDefaults.KUBE_LOST_POD_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The pod's loss, or null. */
    private String check(String name, String what, Seen seen) {
        Pod pod = seen.or(Pod.class, name, () -> pod(name));
        String nodeName = pod == null || pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        // A pod not bound to a node has no node to lose; a node's informer holds it, or nothing once it is gone.
        Node node = nodeName == null || !nodes.containsKey(nodeName) ? new Node()
                : seen.or(Node.class, nodeName, () -> nodes.get(nodeName).getStore().list().stream().findFirst().orElse(null));
        return PodLoss.of(pod, name, what, restartsAtStart.getOrDefault(name, 0), node).orElse(null);
    }

    /** The pod as the informer holds it; as the API server says, should the informer have stopped. */
    private Pod pod(String name) {
        if (pods.stopped().toCompletableFuture().isDone() && !closed) {
            return objects.pod(name);
        }
        return pods.getStore().getByKey(objects.namespace() + "/" + name);
    }

    /** An object as one event showed it (gone: deleted), or nothing: every object as the caches hold it now. */
    private record Seen(HasMetadata object, boolean gone) {

        static final Seen NOTHING = new Seen(null, false);

        /** The TYPE named NAME as seen (null: gone), or else as CACHED gives it. */
        <T extends HasMetadata> T or(Class<T> type, String name, Supplier<T> cached) {
            if (!type.isInstance(object) || !name.equals(object.getMetadata().getName())) {
                return cached.get();
            }
            return gone ? null : type.cast(object);
        }
    }

    private List<String> watched() {
        List<String> all = new ArrayList<>(List.of(dbName));
        all.addAll(runnerNames);
        return all;
    }

    /** The informer, kept to be closed, and said on stderr should it stop watching while the run goes on. */
    private <T> SharedIndexInformer<T> started(SharedIndexInformer<T> informer, String what) {
        informers.add(informer);
        informer.stopped().whenComplete((done, e) -> {
            if (!closed) {
                progress.warn("the lab no longer watches " + what + (e == null ? "" : " (" + KubeConnection.oneLine(e) + ")")
                        + ": a pod lost from now on shows only in the runner's result");
            }
        });
        return informer;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            ending.shutdownNow();
        }
        informers.forEach(i -> {
            try {
                i.close();
            } catch (KubernetesClientException alreadyGone) {
                // Closing is all that is left to do with it.
            }
        });
    }

    /** Every change of an object watched, whatever it was, has the pods judged afresh. */
    private final class Changes<T extends HasMetadata> implements ResourceEventHandler<T> {

        @Override
        public void onAdd(T obj) {
            changed(new Seen(obj, false));
        }

        @Override
        public void onUpdate(T oldObj, T newObj) {
            changed(new Seen(newObj, false));
        }

        @Override
        public void onDelete(T obj, boolean deletedFinalStateUnknown) {
            changed(new Seen(obj, true));
        }
    }
}
