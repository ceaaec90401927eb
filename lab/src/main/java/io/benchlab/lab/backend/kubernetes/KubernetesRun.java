package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultFrame;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.LogWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * One run on the cluster. The runner Job is made first, suspended, and owns the Secret, the
 * database pod and its Service, so that whatever a killed lab leaves goes with the Job's TTL.
 * The database is ready when a real JDBC connection works (see {@link DatabaseProbe}); then the Job
 * is let go, its log followed: progress lines pass through, the result arrives as a frame. While
 * it runs, a {@link PodWatch} ends a run that lost its database or runner pod.
 */
final class KubernetesRun implements BackendRun {

    private final KubernetesClient client;
    private final RunSpec spec;
    private final RunPlan plan;
    private final Progress progress;
    private final ClusterObjects objects;
    private volatile Thread waiter;
    private volatile boolean stopped;
    private volatile boolean runnerLetGo;
    private volatile PodWatch watch;
    private volatile LogWatch log;

    KubernetesRun(KubernetesClient client, RunSpec spec, RunPlan plan, Progress progress) {
        this.client = client;
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
            try (DatabaseProbe probe = new DatabaseProbe(client, plan, db)) {
                probe.awaitJdbc(LabDefaults.DB_READY_TIMEOUT, () -> objects.pod(dbName));
            }
            waiter = null;
            progress.lab("database ready on node %s in %.1f s", PodStates.node(db), (System.nanoTime() - t0) / 1e9);
            return new ProvisionedDatabase(plan.runnerJdbcUrl(), plan.user(), objects.side(objects.pod(dbName)));
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
        waiter = Thread.currentThread();
        ResultFrame.Reader frame = new ResultFrame.Reader();
        Placement.Side started = null;
        try {
            if (stopped) {
                throw new RunFailure("stopped before the runner started");
            }
            objects.letGo();
            runnerLetGo = true;
            Pod runner = waitUntilStarted();
            String name = runner.getMetadata().getName();
            // Read now: a stopped runner's pod is gone by the time it has ended.
            started = objects.side(runner);
            progress.lab("runner pod %s on node %s", name, PodStates.node(runner));
            watch = new PodWatch(objects, progress, plan.dbPod().getMetadata().getName(), name, () -> stopped,
                    this::stopReading);
            follow(name, frame);
            Pod ended = objects.awaitFinished(name, lost() != null ? LabDefaults.KUBE_LOST_POD_GRACE
                    : LabDefaults.RUNNER_STOP_GRACE.plusSeconds(30));
            if (frame.json() == null && ended != null && lost() == null) {
                readWholeLog(name, frame);
            }
            RunResult result = frame.json() == null ? null : ResultJson.read(frame.json());
            if (result == null || result.status() != Status.OK) {
                watch.lookOnceMore();
            }
            return outcome(database, ended, started, frame, result);
        } catch (RunFailure e) {
            return RunnerOutcome.without(e.getMessage(), placement(database, started), ExitCodes.RUN_FAILED);
        } catch (KubernetesClientException e) {
            // The runner's own result, if it came, outweighs what the API server could not tell afterwards.
            String why = KubeConnection.explain(client, e);
            if (frame.json() != null) {
                progress.lab("the runner's pod could not be read after its end (%s)", why);
                return fromResult(ResultJson.read(frame.json()), placement(database, started), null);
            }
            return RunnerOutcome.without(lost() != null ? lost() : "the run's objects could not be read: " + why,
                    placement(database, started), ExitCodes.RUN_FAILED);
        } finally {
            waiter = null;
            if (watch != null) {
                watch.close();
            }
        }
    }

    /** Why a pod of the run was lost mid-run, or null. */
    private String lost() {
        PodWatch w = watch;
        return w == null ? null : w.lost();
    }

    /** The runner's result; failed with the cause when a pod was lost, which the runner could not know. */
    private RunnerOutcome fromResult(RunResult result, Placement placement, Integer code) {
        if (lost() != null) {
            return RunnerOutcome.of(result.failedBecause(lost()), placement, ExitCodes.RUN_FAILED);
        }
        return RunnerOutcome.of(result, placement, code != null ? code : ExitCodes.of(result, false));
    }

    /** After a loss: the runner's log is read no longer (a pod on a lost node may never end it). */
    private void stopReading() {
        LogWatch l = log;
        if (l != null) {
            l.close();
        }
    }

    /** RESULT: the frame's, read; null when the runner left none. */
    private RunnerOutcome outcome(ProvisionedDatabase database, Pod ended, Placement.Side started,
                                  ResultFrame.Reader frame, RunResult result) {
        Placement placement = placement(database, ended != null ? objects.side(ended) : started);
        Optional<String> failure = ended == null ? Optional.empty() : PodStates.failure(ended, "runner");
        Integer code = ended == null ? null : PodStates.exitCode(ended);
        if (result != null) {
            return fromResult(result, placement, code);
        }
        if (lost() != null) {
            return RunnerOutcome.without(lost(), placement, ExitCodes.RUN_FAILED);
        }
        String why = failure.orElseGet(() -> objects.jobFailure().orElse(frame.problem() != null ? "the runner left no"
                + " result: " + frame.problem() : "the runner left no result" + (ended == null ? ""
                : " (pod " + PodStates.node(ended) + PodStates.describeExit(ended) + ")")));
        int exit = code != null && code == ExitCodes.BAD_INPUT && failure.isEmpty() ? ExitCodes.BAD_INPUT : ExitCodes.RUN_FAILED;
        return exit == ExitCodes.BAD_INPUT ? RunnerOutcome.without(null, placement, exit)
                : RunnerOutcome.without(why, placement, exit);
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
            unschedulableSince = unschedulable(pod, what, unschedulableSince);
            pause();
        }
    }

    private Pod waitUntilStarted() throws InterruptedException {
        long unschedulableSince = 0;
        while (true) {
            Optional<Pod> pod = objects.runnerPod();
            if (pod.isPresent()) {
                Optional<String> failure = PodStates.failure(pod.get(), "runner");
                if (failure.isPresent()) {
                    throw new RunFailure(failure.get());
                }
                if (PodStates.started(pod.get())) {
                    return pod.get();
                }
                unschedulableSince = unschedulable(pod.get(), "runner", unschedulableSince);
            } else if (objects.jobFailure().isPresent()) {
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

    /** The runner's log as it comes: frame lines are kept, every other line is progress. */
    private void follow(String pod, ResultFrame.Reader frame) {
        try (LogWatch stream = client.pods().inNamespace(plan.namespace()).withName(pod).inContainer(Labels.RUNNER).watchLog();
             BufferedReader lines = new BufferedReader(new InputStreamReader(stream.getOutput(), StandardCharsets.UTF_8))) {
            log = stream;
            if (lost() != null) {
                return;
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!frame.accept(line)) {
                    progress.relay(line);
                }
            }
        } catch (IOException | KubernetesClientException e) {
            if (lost() == null) {
                progress.lab("the runner's log stream broke (%s); its whole log is read when it ends", KubeConnection.oneLine(e));
            }
        } finally {
            log = null;
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
                db == null ? null : objects.side(db), new Placement.Cluster(plan.kubernetesVersion(), plan.namespace())));
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
