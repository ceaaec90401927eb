package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.BlkioRateDevice;
import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.JdbcReadiness;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.backend.RunnerStep;
import io.benchlab.lab.backend.StorageProbe;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Storage;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One run on the docker backend: its network, the database container and the runner container;
 * or, for a series of steps, one runner container that runs them all, one after another, beside
 * the one database container.
 */
final class DockerRun implements BackendRun {

    private final DockerClient docker;
    private final RunSpec spec;
    private final Provisioning provisioning;
    private final EngineImage image;
    private final String dbTag;
    private final InfluxRoute influxRoute;
    private final String runId;
    private final Progress progress;
    private final ContainerSession session;
    private final String engineDescription;
    private final String node;
    private volatile Thread provisioner;
    /** Stops the runner that runs (a lone one, or the series' step container); null before the first. */
    private volatile Runnable runner;
    /** The series' runner container, made at its first step; null for a lone run. */
    private StepRunnerContainer stepRunner;
    private volatile String dbContainerId;
    private final BlkioRateDevice writeCap;
    private DataStorage storage;
    private volatile boolean stopped;
    /** The steps run so far on the run's database (see {@link RunnerStep}): each has its own args and result files. */
    private final AtomicInteger steps = new AtomicInteger();

    DockerRun(DockerClient docker, RunSpec spec, Provisioning provisioning, EngineImage image, String dbTag,
              InfluxRoute influxRoute, String runId, Progress progress, BlkioRateDevice writeCap) {
        this.docker = docker;
        this.writeCap = writeCap;
        this.spec = spec;
        this.provisioning = provisioning;
        this.image = image;
        this.dbTag = dbTag;
        this.influxRoute = influxRoute;
        this.runId = runId;
        this.progress = progress;
        this.engineDescription = DockerEnvironment.describe(docker);
        this.node = docker.infoCmd().exec().getName();
        this.session = new ContainerSession(docker, runId);
    }

    @Override
    public ProvisionedDatabase provision() throws DatabaseNotReady {
        long t0 = System.nanoTime();
        DatabaseContainer db = null;
        provisioner = Thread.currentThread();
        String cause;
        try {
            if (stopped) {
                throw new JdbcReadiness.NotReady("stopped");
            }
            storage = DataStorage.prepare(session, runId, provisioning.storage(), image.dataDir(),
                    provisioning.db().memoryBytes(), engineDescription.startsWith("podman"));
            db = new DatabaseContainer(session, image, dbTag, spec.profile(), provisioning.db(),
                    provisioning.settings(), provisioning.settings().isEmpty() ? null : imageCmd(), storage, writeCap);
            db.start(LabDefaults.DB_READY_TIMEOUT);
            dbContainerId = db.containerId();
            provisioner = null;
            progress.lab("database %s ready in %.1f s (%s)", dbTag, (System.nanoTime() - t0) / 1e9, engineDescription);
            Storage seen = ContainerStorageProbe.run(docker, db.containerId(), storage.asked());
            progress.lab("storage %s: %s", seen.kind(), StorageProbe.describe(seen));
            if (writeCap != null) {
                progress.lab("database writes capped at %d a second on %s (--db-write-iops)", writeCap.getRate(),
                        writeCap.getPath());
            }
            return new ProvisionedDatabase(db.internalUrl(), image.user(), side(db.containerId()).withStorage(seen),
                    db.setup());
        } catch (JdbcReadiness.NotReady | InterruptedException | IllegalStateException e) {
            cause = stopped ? "stopped" : e.getMessage();
        } catch (RuntimeException e) {
            // A stop interrupts whatever Docker API call the wait was in.
            if (!stopped) {
                throw e;
            }
            cause = "stopped";
        } finally {
            provisioner = null;
        }
        Thread.interrupted();
        throw new DatabaseNotReady(cause, new Placement(name(), null,
                db == null ? null : side(db.containerId()).withStorage(storage.asked())));
    }

    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database) {
        return runRunner(database, runId, spec, RunnerArgs.RESULT_FILE, (args, influx) -> {
            RunnerContainer r = new RunnerContainer(session, "runner", args, provisioning.runner(), influxRoute,
                    progress);
            if (influx != null) {
                r.addSecretFile(EngineImages.INFLUX_TOKEN_FILE, influx.token().reveal());
            }
            runner = r::stop;
            if (stopped) {
                r.stop();
            }
            return new Launched(r.run(), r.containerId());
        });
    }

    /**
     * A step in the series' one runner container ({@link StepRunnerContainer}), started at the first
     * step: the runner's JVM stays warm from step to step. The run's database container stays.
     */
    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database, RunnerStep step) {
        int n = steps.incrementAndGet();
        String result = StepRunnerContainer.resultFile(n);
        return runRunner(database, step.runId(), step.spec(), result, (args, influx) -> {
            if (stepRunner == null) {
                stepRunner = new StepRunnerContainer(session, spec.engine().name(), provisioning.runner(), influxRoute,
                        progress);
                if (influx != null) {
                    stepRunner.addSecretFile(EngineImages.INFLUX_TOKEN_FILE, influx.token().reveal());
                }
                StepRunnerContainer r = stepRunner;
                runner = r::stop;
            }
            if (stopped) {
                stepRunner.stop();
            }
            return new Launched(stepRunner.step(n, args), stepRunner.containerId());
        });
    }

    /** How a runner ended and the container it ran in. */
    private record Launched(RunnerContainer.Exit exit, String containerId) {
    }

    /** Runs the runner with ARGS in a container (InfluxDB, null: none) to its end. */
    private interface Launcher {
        Launched launch(List<String> args, InfluxSettings influx) throws InterruptedException;
    }

    /** The runner as SPEC says under RUNNER_ID, its result at RESULT in its container, launched by LAUNCHER. */
    private RunnerOutcome runRunner(ProvisionedDatabase database, String runnerId, RunSpec spec, String result,
                                    Launcher launcher) {
        List<String> args = new ArrayList<>(RunnerArgs.run(runnerId, name(),
                new RunnerArgs.Database(spec.engine().name(), spec.profile().name(), database.jdbcUrl(),
                        database.user(), EngineImages.PASSWORD_FILE), spec.workload(), spec.output(), result));
        InfluxSettings influx = spec.influx();
        if (influx != null) {
            args.addAll(RunnerArgs.influx(influx, influxRoute.url(), EngineImages.INFLUX_TOKEN_FILE));
        }
        ContainerStatsRelay relay = relay(spec);
        if (relay != null) {
            args.addAll(List.of("--db-container-stats", relay.url().toString()));
        }
        Launched launched;
        try (relay) {
            launched = launcher.launch(args, influx);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return RunnerOutcome.without(null, new Placement(name(), null, database.side()), ExitCodes.RUN_FAILED);
        }
        RunnerContainer.Exit exit = launched.exit();
        Placement placement = new Placement(name(), side(launched.containerId()), database.side());
        return exit.resultJson() == null ? RunnerOutcome.without(null, placement, exit.code())
                : RunnerOutcome.of(ResultJson.read(exit.resultJson()), placement,
                        exit.code());
    }

    /** The database image's own CMD, which given settings follow; null where it has none (the descriptor's then). */
    private List<String> imageCmd() {
        String[] cmd = docker.inspectImageCmd(dbTag).exec().getConfig().getCmd();
        return cmd == null || cmd.length == 0 ? null : List.of(cmd);
    }

    /** The relay of the database container's stats, or null (said on the console) where this host cannot serve one. */
    private ContainerStatsRelay relay(RunSpec spec) {
        if (dbContainerId == null || !spec.samplesServer()) {
            return null;
        }
        try {
            return ContainerStatsRelay.start(docker, session.network(), dbContainerId, session.network() + "-db");
        } catch (IOException | RuntimeException e) {
            progress.lab("the database container's usage is not read: no relay for its stats (%s)",
                    Failures.rootMessage(e));
            return null;
        }
    }

    @Override
    public void stop() {
        stopped = true;
        Thread t = provisioner;
        if (t != null) {
            t.interrupt();
        }
        Runnable r = runner;
        if (r != null) {
            r.run();
        }
    }

    @Override
    public void close() {
        session.close();
    }

    private Placement.Side side(String containerId) {
        return ContainerFacts.side(docker, containerId, engineDescription, node);
    }

    private static String name() {
        return BackendKind.DOCKER.label();
    }
}
