package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.StorageProbe;
import io.benchlab.lab.backend.kubernetes.model.DataVolume;
import io.benchlab.results.Storage;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.results.Setup;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.backend.RunnerStep;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultFrame;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.pods.PodMerge;
import io.benchlab.runner.run.ExitCodes;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.LogWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * One run on the cluster. The runner Job is made first, suspended, and owns the Secret, the
 * database pod and its Service, so that whatever a killed lab leaves goes with the Job's TTL.
 * The database is ready when a real JDBC connection works (see {@link DatabaseProbe}); then the Job
 * is let go, its log followed: progress lines pass through, the result arrives as a frame. While
 * it runs, a {@link PodWatch} ends a run that lost its database or runner pod. A series of steps
 * on the database runs a Job of its own per step, each taking over the Secret from the one before.
 */
final class KubernetesRun implements BackendRun {

    private final KubernetesClient client;
    private final RunSpec spec;
    private final RunPlan plan;
    private final Progress progress;
    private final ClusterObjects objects;
    private final Duration claimBindTimeout;
    private volatile Thread waiter;
    private volatile boolean stopped;
    private volatile boolean runnerLetGo;
    private volatile PodWatch watch;
    private final List<LogWatch> logs = new CopyOnWriteArrayList<>();

    KubernetesRun(KubernetesClient client, RunSpec spec, RunPlan plan, Progress progress, Duration claimBindTimeout) {
        this.client = client;
        this.claimBindTimeout = claimBindTimeout;
        this.spec = spec;
        this.plan = plan;
        this.progress = progress;
        this.objects = new ClusterObjects(client, plan.namespace(), plan.runId());
    }

    @Override
    public ProvisionedDatabase provision() throws DatabaseNotReady {
        waiter = Thread.currentThread();
        long t0 = System.nanoTime();
        String dbName = plan.dbPod().getMetadata().getName();
        String cause;
        try {
            objects.create(plan);
            progress.lab("database pod %s (%s) and runner Job %s created in namespace %s", dbName, plan.dbImage(),
                    plan.job().getMetadata().getName(), plan.namespace());
            Pod db = waitUntilRunning(dbName, "database");
            Setup setup;
            try (DatabaseProbe probe = new DatabaseProbe(client, plan, db)) {
                probe.awaitJdbc(LabDefaults.DB_READY_TIMEOUT, () -> objects.pod(dbName));
                setup = probe.readBack(plan.settings());
            }
            waiter = null;
            progress.lab("database ready on node %s in %.1f s", PodStates.node(db), (System.nanoTime() - t0) / 1e9);
            Storage seen = probedStorage(dbName);
            progress.lab("storage %s: %s", seen.kind(), StorageProbe.describe(seen));
            return new ProvisionedDatabase(plan.runnerJdbcUrl(), plan.user(),
                    objects.side(objects.pod(dbName)).withStorage(seen), setup);
        } catch (InterruptedException e) {
            cause = "stopped";
        } catch (RunFailure e) {
            cause = stopped ? "stopped" : e.getMessage();
        } catch (KubernetesClientException e) {
            // A stop interrupts whatever call the wait was in; fabric8 reports that as its own exception.
            cause = stopped ? "stopped" : KubeConnection.explain(client, e);
        } finally {
            waiter = null;
        }
        Thread.interrupted();
        throw notReady(cause, objects.pod(dbName));
    }

    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database) throws InterruptedException {
        return runJob(database, spec);
    }

    /**
     * The step's own runner Job (its pods an Indexed Job as the run's would be), made the owner of the
     * database's objects in place of the Job before it (see {@link ClusterObjects#nextJob}); the
     * database pod stays.
     */
    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database, RunnerStep step) throws InterruptedException {
        runnerLetGo = false;
        logs.clear();
        if (!stopped) {
            try {
                objects.nextJob(plan.runners().step(step.spec(), step.runId()), step.runId());
            } catch (KubernetesClientException e) {
                return RunnerOutcome.without("the step's runner Job could not be made: " + KubeConnection.explain(client, e),
                        placement(database, null), ExitCodes.RUN_FAILED);
            }
        }
        return runJob(database, step.spec());
    }

    /** Lets the current runner Job go once the database is ready, and follows its pods to their end. */
    private RunnerOutcome runJob(ProvisionedDatabase database, RunSpec spec) throws InterruptedException {
        waiter = Thread.currentThread();
        int count = plan.runners().pods(spec).count();
        List<ResultFrame.Reader> frames = Stream.generate(ResultFrame.Reader::new).limit(count).toList();
        List<Placement.Side> started = List.of();
        try {
            if (stopped) {
                throw new RunFailure("stopped before the runner started");
            }
            Pod db = objects.pod(plan.dbPod().getMetadata().getName());
            objects.letGo(db == null || db.getStatus() == null ? null : db.getStatus().getHostIP());
            runnerLetGo = true;
            List<Pod> runners = waitUntilStarted(count);
            List<String> names = runners.stream().map(p -> p.getMetadata().getName()).toList();
            // Read now: a stopped runner's pod is gone by the time it has ended.
            started = runners.stream().map(objects::side).toList();
            runners.forEach(r -> progress.lab("runner pod %s on node %s", r.getMetadata().getName(), PodStates.node(r)));
            watch = new PodWatch(objects, progress, plan.dbPod().getMetadata().getName(), names, () -> stopped,
                    this::stopReading);
            follow(names, frames);
            List<Pod> ended = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Pod pod = watch.awaitFinished(names.get(i), lost() != null ? LabDefaults.KUBE_LOST_POD_GRACE
                        : LabDefaults.RUNNER_STOP_GRACE.plusSeconds(30));
                if (frames.get(i).json() == null && pod != null && lost() == null) {
                    readWholeLog(names.get(i), frames.get(i));
                }
                ended.add(pod);
            }
            return outcome(database, names, ended, started, frames, results(frames), spec);
        } catch (RunFailure e) {
            return RunnerOutcome.without(e.getMessage(), placement(database, first(started)), ExitCodes.RUN_FAILED);
        } catch (KubernetesClientException e) {
            // The runners' own results, if they came, outweigh what the API server could not tell afterwards.
            String why = KubeConnection.explain(client, e);
            List<RunResult> results = results(frames);
            if (!results.contains(null) && started.size() == count) {
                progress.lab("the runner's pod could not be read after its end (%s)", why);
                return fromResults(results, started, placement(database, first(started)), null, spec);
            }
            return RunnerOutcome.without(lost() != null ? lost() : "the run's objects could not be read: " + why,
                    placement(database, first(started)), ExitCodes.RUN_FAILED);
        } finally {
            waiter = null;
            if (watch != null) {
                watch.close();
            }
        }
    }

    /** Each pod's result as its frame gave it; null for a pod that left none. */
    private static List<RunResult> results(List<ResultFrame.Reader> frames) {
        List<RunResult> results = new ArrayList<>();
        frames.forEach(f -> results.add(f.json() == null ? null : ResultJson.read(f.json())));
        return results;
    }

    private static Placement.Side first(List<Placement.Side> sides) {
        return sides.isEmpty() ? null : sides.get(0);
    }

    /** Why a pod of the run was lost mid-run, or null. */
    private String lost() {
        PodWatch w = watch;
        return w == null ? null : w.lost();
    }

    /**
     * The runners' result, merged when there are several pods (each placed on its node); failed
     * with the cause when a pod was lost, which the runners could not know.
     */
    private RunnerOutcome fromResults(List<RunResult> results, List<Placement.Side> sides, Placement placement,
                                      Integer code, RunSpec spec) {
        RunResult result = results.get(0);
        if (results.size() > 1) {
            List<RunResult> placed = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                placed.add(PodMerge.placed(results.get(i), sides.get(i).node(), sides.get(i).pod()));
            }
            try {
                result = PodMerge.merge(placed);
            } catch (IllegalArgumentException e) {
                return RunnerOutcome.without("the client pods' results do not merge: " + e.getMessage(), placement,
                        ExitCodes.RUN_FAILED);
            }
            placement = placement.withClientPods(result.placement().clientPods());
            code = ExitCodes.of(result, spec.output().strict());
        }
        if (lost() != null) {
            return RunnerOutcome.of(result.failedBecause(lost()), placement, ExitCodes.RUN_FAILED);
        }
        return RunnerOutcome.of(result, placement, code != null ? code : ExitCodes.of(result, false));
    }

    /** After a loss: the runners' logs are read no longer (a pod on a lost node may never end one). */
    private void stopReading() {
        logs.forEach(LogWatch::close);
    }

    /** RESULT: the frames', read and merged; without a result from every pod, the first missing one's cause. */
    private RunnerOutcome outcome(ProvisionedDatabase database, List<String> names, List<Pod> ended,
                                  List<Placement.Side> started, List<ResultFrame.Reader> frames,
                                  List<RunResult> results, RunSpec spec) {
        List<Placement.Side> sides = new ArrayList<>();
        for (int i = 0; i < ended.size(); i++) {
            sides.add(ended.get(i) != null ? objects.side(ended.get(i)) : started.get(i));
        }
        Placement placement = placement(database, sides.get(0));
        if (!results.contains(null)) {
            return fromResults(results, sides, placement, ended.get(0) == null ? null : PodStates.exitCode(ended.get(0)),
                    spec);
        }
        if (lost() != null) {
            return RunnerOutcome.without(lost(), placement, ExitCodes.RUN_FAILED);
        }
        int i = results.indexOf(null);
        Pod pod = ended.get(i);
        String which = names.size() == 1 ? "" : "client pod " + i + " (" + names.get(i) + "): ";
        Optional<String> failure = pod == null ? Optional.empty() : PodStates.failure(pod, "runner");
        Integer code = pod == null ? null : PodStates.exitCode(pod);
        ResultFrame.Reader frame = frames.get(i);
        String why = failure.orElseGet(() -> objects.jobFailure().orElse(frame.problem() != null ? "the runner left no"
                + " result: " + frame.problem() : "the runner left no result" + (pod == null ? ""
                : " (pod " + PodStates.node(pod) + PodStates.describeExit(pod) + ")")));
        int exit = code != null && code == ExitCodes.BAD_INPUT && failure.isEmpty() ? ExitCodes.BAD_INPUT : ExitCodes.RUN_FAILED;
        return exit == ExitCodes.BAD_INPUT ? RunnerOutcome.without(null, placement, exit)
                : RunnerOutcome.without(which + why, placement, exit);
    }

    private Placement placement(ProvisionedDatabase database, Placement.Side runner) {
        return new Placement(BackendKind.KUBERNETES.label(), runner, database == null ? null : database.side(),
                new Placement.Cluster(plan.kubernetesVersion(), plan.namespace()));
    }

    @Override
    public void stop() {
        stopped = true;
        Thread t = waiter;
        if (t != null && !runnerLetGo) {
            t.interrupt();
        }
        if (runnerLetGo) {
            // Suspending the Job deletes its pod gracefully: SIGTERM, and the runner writes its result as interrupted.
            objects.suspend();
        }
    }

    @Override
    public void close() {
        objects.deleteAll(progress);
        client.close();
    }

    private Pod waitUntilRunning(String name, String what) throws InterruptedException {
        long unschedulableSince = 0;
        long t0 = System.nanoTime();
        while (true) {
            Pod pod = objects.pod(name);
            if (pod == null) {
                throw new RunFailure("the " + what + " pod " + name + " was deleted by someone else");
            }
            Optional<String> failure = PodStates.failure(pod, what);
            if (failure.isPresent()) {
                throw new RunFailure(failure.get());
            }
            if (PodStates.running(pod)) {
                return pod;
            }
            if (PodStates.finished(pod)) {
                throw new RunFailure("the " + what + " pod ended before it was ready" + PodStates.describeExit(pod));
            }
            unschedulableSince = claimUnbound(t0) ? 0 : unschedulable(pod, what, unschedulableSince);
            pause();
        }
    }

    /** Every one of the Job's COUNT runner pods, once each has started, by index. */
    private List<Pod> waitUntilStarted(int count) throws InterruptedException {
        long unschedulableSince = 0;
        while (true) {
            List<Pod> pods = objects.runnerPods();
            long waiting = 0;
            for (Pod pod : pods) {
                Optional<String> failure = PodStates.failure(pod, "runner");
                if (failure.isPresent()) {
                    throw new RunFailure(failure.get());
                }
                long since = unschedulable(pod, "runner", unschedulableSince);
                waiting = since != 0 ? since : waiting;
            }
            unschedulableSince = waiting;
            if (pods.size() >= count && pods.stream().allMatch(PodStates::started)) {
                return pods.subList(0, count);
            }
            if (objects.jobFailure().isPresent()) {
                throw new RunFailure(objects.jobFailure().get());
            }
            if (stopped) {
                throw new RunFailure("stopped before the runner started");
            }
            pause();
        }
    }

    /** A pod the scheduler cannot place fails the run once {@link LabDefaults#KUBE_UNSCHEDULABLE_GRACE} has passed. */
    private long unschedulable(Pod pod, String what, long since) {
        Optional<String> why = PodStates.unschedulable(pod);
        if (why.isEmpty()) {
            return 0;
        }
        long now = System.nanoTime();
        if (since != 0 && now - since > LabDefaults.KUBE_UNSCHEDULABLE_GRACE.toNanos()) {
            throw new RunFailure("the " + what + " pod cannot be scheduled: " + why.get());
        }
        return since == 0 ? now : since;
    }

    /**
     * The runners' logs as they come, each pod's in a thread of its own when there are several:
     * frame lines are kept, every other line is progress (marked with its pod's index).
     */
    private void follow(List<String> names, List<ResultFrame.Reader> frames) throws InterruptedException {
        if (names.size() == 1) {
            follow(names.get(0), frames.get(0), "");
            return;
        }
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            int pod = i;
            Thread t = new Thread(() -> follow(names.get(pod), frames.get(pod), "pod " + pod + " | "),
                    "benchlab-log-" + pod);
            t.setDaemon(true);
            t.start();
            readers.add(t);
        }
        for (Thread t : readers) {
            t.join();
        }
    }

    private void follow(String pod, ResultFrame.Reader frame, String prefix) {
        try (LogWatch stream = client.pods().inNamespace(plan.namespace()).withName(pod).inContainer(Labels.RUNNER).watchLog();
             BufferedReader lines = new BufferedReader(new InputStreamReader(stream.getOutput(), StandardCharsets.UTF_8))) {
            logs.add(stream);
            if (lost() != null) {
                return;
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!frame.accept(line)) {
                    progress.relay(prefix + line);
                }
            }
        } catch (IOException | KubernetesClientException e) {
            if (lost() == null) {
                progress.lab("the runner's log stream of %s broke (%s); its whole log is read when it ends", pod,
                        KubeConnection.oneLine(e));
            }
        }
    }

    /** After a broken stream: the frame from the whole log, if the pod is still there to give it. */
    private void readWholeLog(String pod, ResultFrame.Reader frame) {
        try {
            String log = client.pods().inNamespace(plan.namespace()).withName(pod).inContainer(Labels.RUNNER).getLog();
            for (String line : log == null ? List.<String>of() : log.lines().toList()) {
                frame.accept(line);
            }
        } catch (KubernetesClientException gone) {
            // The pod went with its log: the outcome says that no result came.
        }
    }

    private DatabaseNotReady notReady(String cause, Pod db) {
        return new DatabaseNotReady(cause, new Placement(BackendKind.KUBERNETES.label(), null,
                db == null ? null : objects.side(db).withStorage(plan.storage().recorded()),
                new Placement.Cluster(plan.kubernetesVersion(), plan.namespace())));
    }

    /**
     * The storage as the probe saw it, from its init container's log (it ended before the
     * database started); a log that cannot be read is a note, never a failed run.
     */
    private Storage probedStorage(String dbName) {
        Storage asked = plan.storage().recorded();
        String log;
        try {
            log = objects.log(dbName, DataVolume.PROBE_CONTAINER);
        } catch (KubernetesClientException e) {
            log = null;
        }
        if (log == null || log.isBlank()) {
            return StorageProbe.unread(asked, "the probe's log could not be read");
        }
        return StorageProbe.read(asked, log);
    }

    /**
     * A pvc run's claim not bound after {@link LabDefaults#KUBE_CLAIM_BIND_TIMEOUT} (or what
     * {@link KubernetesBackend#claimBindTimeout} read instead) fails the run
     * with the claim's events (no provisioner, no room, a class that cannot make it); true while
     * it is still to bind, when the pod waits for it rather than being unschedulable.
     */
    private boolean claimUnbound(long since) {
        if (plan.claim() == null) {
            return false;
        }
        String name = plan.claim().getMetadata().getName();
        PersistentVolumeClaim claim = objects.claim(name);
        if (claim != null && claim.getStatus() != null && "Bound".equals(claim.getStatus().getPhase())) {
            return false;
        }
        if (System.nanoTime() - since > claimBindTimeout.toNanos()) {
            List<String> events;
            try {
                events = objects.events("PersistentVolumeClaim", name);
            } catch (KubernetesClientException e) {
                events = List.of("its events could not be read: " + KubeConnection.explain(client, e));
            }
            throw new RunFailure("the database's claim " + name + " did not bind within "
                    + claimBindTimeout.toSeconds() + " s" + (events.isEmpty() ? " (it has no events)"
                    : ": " + String.join("; ", events.subList(Math.max(0, events.size() - 3), events.size()))));
        }
        return true;
    }

    private static void pause() throws InterruptedException {
        Thread.sleep(250);
    }

    /** Ends a wait with the run's cause. */
    static final class RunFailure extends RuntimeException {
        RunFailure(String message) {
            super(message);
        }
    }

    static void requireNamespace(KubernetesClientException e, String namespace) {
        if (e.getCode() == 404 && String.valueOf(e.getMessage()).contains("namespaces")) {
            throw new BadInputException("namespace " + namespace + " does not exist (kubectl apply -k k8s/ makes the"
                    + " benchlab namespace, or give --namespace)");
        }
    }
}
