package io.benchlab.runner.driver;

import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.CallGuard.Cancel;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.metrics.WorkerMetrics;
import java.sql.SQLException;

/**
 * What one failed try of a transaction means, the same for every driver: its cause, whether
 * the connection is lost, whether trying again may help, and whether the run's stop caused it
 * (then it is not counted: the stop cancelled it). What the client does about it is
 * {@link AfterFailure}'s decision.
 */
record TryFailure(String cause, boolean lost, boolean retryable, boolean stopping) {

    /**
     * The try that failed with {@code e}, judged with what the watchdog did to it ({@code guard}'s
     * cancel and abort, both taken); {@code closed}: the client sees its connection closed.
     */
    static TryFailure of(SQLException e, CallGuard guard, boolean closed, boolean stop, Engine engine) {
        Cancel cancel = guard.takeCancel();
        // An aborted connection is lost even when the error says otherwise (it may still be closing).
        boolean lost = guard.takeAborted() || closed || lostState(e.getSQLState());
        return new TryFailure(WorkerMetrics.causeOf(e.getSQLState(), cancel == Cancel.TIMEOUT), lost,
                !lost && cancel == null && engine.isRetryable(e), cancel == Cancel.STOP || stop);
    }

    /** A broken connection (08xxx), or a server shutting it down (57P0x): the run goes on after a reconnect. */
    static boolean lostState(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || sqlState.startsWith("57P0"));
    }

    /** The client's first error as the result shows it: numbered, and with no password in it. */
    static String firstError(int client, SQLException e, Target target) {
        return Redact.message("client " + client + ": " + e.getSQLState() + " " + e.getMessage(), target.password());
    }
}
