package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.ExitCodes;
import io.benchlab.runner.cli.OutputPath;
import io.benchlab.runner.cli.RunIds;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.core.ResultAssembler;
import io.benchlab.runner.sink.SummaryFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The engine from its pinned image in one container, the runner in another, on a network of
 * their own, each under its own CPU and memory limits, as on the cluster. The result the runner
 * writes is copied out and completed with both sides' images, digests and limits. Every
 * container and the network are removed on success, failure, timeout and Ctrl-C/SIGTERM.
 */
public final class DockerBackend implements Backend {

    @Override
    public String name() {
        return "docker";
    }

    @Override
    public boolean provisionsDatabase() {
        return true;
    }

    @Override
    public int run(RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        EngineImage image = EngineImages.of(spec.engine());
        DockerClient docker = DockerEnvironment.connect();
        String dbTag = spec.dbImage() != null ? spec.dbImage() : image.tag(spec.profile());
        DockerEnvironment.requireImage(docker, dbTag, spec.dbImage() != null ? "build or pull it first"
                : "run 'make images IMAGES=" + image.folder() + "'");
        DockerEnvironment.requireImage(docker, EngineImages.runnerTag(), "run 'make images IMAGES=runner'");
        String runId = RunIds.next(spec.engine().name());
        Path file = OutputPath.forRun(spec.output().output(), runId);
        String engineDescription = DockerEnvironment.describe(docker);
        String node = docker.infoCmd().exec().getName();
        Instant started = Instant.now();

        ContainerSession session = new ContainerSession(docker, runId);
        Stopper stopper = new Stopper(session);
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            long t0 = System.nanoTime();
            DatabaseContainer db = null;
            try {
                db = new DatabaseContainer(session, image, dbTag, spec.profile(), spec.dbLimits());
                db.start(Defaults.DB_READY_TIMEOUT);
            } catch (DatabaseContainer.NotReady | IllegalStateException e) {
                if (stopper.signalled()) {
                    err.println("lab: stopped before the runner started; the run's containers are removed");
                    return 1;
                }
                if (e instanceof IllegalStateException) {
                    throw e;
                }
                Placement placement = new Placement(name(), null, db == null ? null
                        : ContainerFacts.side(docker, db.containerId(), engineDescription, node));
                RunResult failed = notStarted(runId, spec, started, placement, e.getMessage());
                ResultJson.writeAtomically(failed, file);
                err.println("lab: " + e.getMessage() + " (result: " + file + ")");
                return 1;
            }
            progress(spec, err, "database %s ready in %.1f s (%s)", dbTag, (System.nanoTime() - t0) / 1e9,
                    engineDescription);
            Placement.Side dbSide = ContainerFacts.side(docker, db.containerId(), engineDescription, node);

            RunnerContainer runner = new RunnerContainer(session, RunnerArgs.run(runId, name(),
                    new RunnerArgs.Database(spec.engine().name(), spec.profile().name(), db.internalUrl(),
                            image.user(), EngineImages.PASSWORD_FILE), spec.workload(), spec.output()),
                    spec.runnerLimits(), err);
            stopper.watch(runner);
            Duration timeout = timeout(spec);
            RunnerContainer.Exit exit = runner.run(timeout);
            Placement.Side runnerSide = ContainerFacts.side(docker, runner.containerId(), engineDescription, node);
            if (exit.resultJson() == null) {
                err.println("lab: the runner exited with code " + exit.code() + " and wrote no result");
                return exit.code() == 2 ? 2 : 1;
            }
            RunResult result = ResultJson.read(exit.resultJson()).withPlacement(new Placement(name(), runnerSide, dbSide));
            if (exit.timedOut()) {
                err.println("lab: the run passed its timeout of " + timeout.toSeconds() + " s and was stopped");
            }
            ResultJson.writeAtomically(result, file);
            out.print(SummaryFormat.format(result, file.toString()));
            out.flush();
            return exit.timedOut() ? ExitCodes.RUN_FAILED : ExitCodes.of(result, spec.output().strict());
        } finally {
            session.close();
            stopper.done();
        }
    }

    /** The planned time (warm-up plus rounds) plus slack for the load, unless --timeout says otherwise. */
    static Duration timeout(RunSpec spec) {
        if (spec.timeout() != null) {
            return spec.timeout();
        }
        var w = spec.workload();
        Duration round = w.duration() != null ? w.duration() : Duration.ofMinutes(10);
        return w.warmup().plus(round.multipliedBy(w.rounds())).plus(Defaults.RUN_TIMEOUT_SLACK);
    }

    /** A run whose database never came up: failed, with the cause, and nothing measured. */
    private static RunResult notStarted(String runId, RunSpec spec, Instant started, Placement placement, String cause) {
        return ResultAssembler.assemble(new ResultAssembler.Parts(runId,
                new Timestamps(started.toString(), null, Instant.now().toString()), spec.workload(),
                new EngineInfo(spec.engine().name(), spec.profile().name(), null, null, null, null, Map.of()),
                EnvironmentProbe.capture(), placement, null, null, null, cause));
    }

    private static void progress(RunSpec spec, PrintWriter err, String format, Object... args) {
        if (!spec.output().quiet()) {
            err.println(String.format(Locale.ROOT, "lab      " + format, args));
            err.flush();
        }
    }

    /**
     * On Ctrl-C or SIGTERM: a running runner is stopped as the user would stop it, so it writes
     * its result as interrupted and the main thread still collects it; then everything goes.
     */
    private static final class Stopper extends Thread {
        private final ContainerSession session;
        private final CountDownLatch finished = new CountDownLatch(1);
        private volatile RunnerContainer runner;
        private volatile boolean signalled;

        Stopper(ContainerSession session) {
            super("benchlab-docker-stop");
            this.session = session;
        }

        void watch(RunnerContainer r) {
            runner = r;
        }

        void done() {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(this);
            } catch (IllegalStateException shuttingDown) {
                // This hook is running or has run.
            }
        }

        boolean signalled() {
            return signalled;
        }

        @Override
        public void run() {
            signalled = true;
            RunnerContainer r = runner;
            if (r != null) {
                r.stop();
                try {
                    finished.await(Defaults.RUNNER_STOP_GRACE.toSeconds() + 30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            session.close();
        }
    }
}
