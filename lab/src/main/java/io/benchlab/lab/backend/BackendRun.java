package io.benchlab.lab.backend;

/**
 * One run on a backend. The pipeline calls {@link #provision()}, then {@link #runRunner}, and
 * always {@link #close()}; {@link #stop()} may come at any time from another thread (a signal, the
 * timeout).
 */
public interface BackendRun extends AutoCloseable {

    /** The database the runner will use, ready for it, or {@link DatabaseNotReady} naming why not. */
    ProvisionedDatabase provision() throws Exception;

    /** Runs the runner to its end, its progress streamed as it comes; returns what it left. */
    RunnerOutcome runRunner(ProvisionedDatabase database) throws Exception;

    /**
     * Ends the run early: provisioning gives up, a running runner is stopped as Ctrl-C would stop
     * it, so that it still hands back its result, as interrupted. Returns at once.
     */
    void stop();

    /** Removes everything the run made, whatever happened; safe to call twice and from a shutdown hook. */
    @Override
    void close();
}
