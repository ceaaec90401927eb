package io.benchlab.lab.backend;

import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Setup;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.InProcessSettings;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.LocalRun;
import io.benchlab.runner.sink.ResultSink;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The runner in the lab's own JVM, against the run's target: nothing to provision or remove. The
 * settings given go into the engine as it takes them (its URL, or system properties for this run
 * only), and are read back once the database is open, before the runner loads anything.
 */
final class InProcessRun implements BackendRun {

    private final RunSpec spec;
    private final ServerSettings settings;
    private final String runId;
    private final String backend;
    private final Progress progress;
    private final ResultSink live;
    private volatile Target target;
    private volatile InProcessSettings.Applied applied;
    private volatile LocalRun local;
    private volatile boolean stopped;

    InProcessRun(RunSpec spec, ServerSettings settings, String runId, String backend, Progress progress,
                 ResultSink live) {
        this.live = live;
        this.spec = spec;
        this.settings = settings;
        this.runId = runId;
        this.backend = backend;
        this.progress = progress;
        this.target = spec.target();
    }

    /** Opens the database with the settings and reads them back; a setting off ends the run before the load. */
    @Override
    public ProvisionedDatabase provision() throws DatabaseNotReady, InterruptedException {
        if (settings.isEmpty()) {
            return ProvisionedDatabase.NONE;
        }
        InProcessSettings carrier = spec.engine().inProcessSettings();
        Target given = spec.target();
        target = new Target(given.engine(), given.profile(), carrier.url(given.jdbcUrl(), settings.given()),
                given.user(), given.password(), given.managed());
        applied = carrier.apply(settings.given());
        try {
            Setup setup = JdbcReadiness.readBack(target, settings);
            return new ProvisionedDatabase(null, null, null, setup);
        } catch (JdbcReadiness.NotReady e) {
            shutDown();
            close();
            throw new DatabaseNotReady(e.getMessage(), Placement.of(backend));
        }
    }

    /** A file database refused is closed, so that nothing holds its files; one in memory goes with the JVM. */
    private void shutDown() {
        try (Connection c = target.connect()) {
            target.engine().shutdown(c, target.profile());
        } catch (SQLException ignored) {
            // It never opened (a setting the engine refuses on connecting): nothing to close.
        }
    }

    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database) throws Exception {
        return runRunner(database, new RunnerStep(runId, spec, live));
    }

    /** The clients in this process once more, on the same target (and settings): the step's run id and workload. */
    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database, RunnerStep step) throws Exception {
        Placement placement = Placement.of(backend);
        LocalRun run = new LocalRun(step.runId(), target, step.spec().workload(), placement, progress.quiet(),
                progress.err(), step.live());
        local = run;
        if (stopped) {
            run.stop();
        }
        RunResult result = run.run();
        return RunnerOutcome.of(result, placement, ExitCodes.of(result, false));
    }

    @Override
    public void stop() {
        stopped = true;
        LocalRun run = local;
        if (run != null) {
            run.stop();
        }
    }

    /** The system properties the run set are put back: they are the whole JVM's. */
    @Override
    public void close() {
        InProcessSettings.Applied a = applied;
        applied = null;
        if (a != null) {
            a.close();
        }
    }
}
