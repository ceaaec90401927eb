package io.benchlab.runner.run;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.ConnectionSlots;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Refuses a client count the target cannot take, before anything is loaded or started: the
 * server's free connection slots (read from it, one kept for the run's own checks) and the
 * threads this process may still start (one per client). Without it, 100,000 clients spent
 * 95 s and 7.5 GB creating threads before anything failed.
 */
final class ClientCapacity {

    private ClientCapacity() {
    }

    /** {@code sampler}: the run's server-stats sampler takes a connection of its own too. */
    static void check(int clients, boolean sampler, Target target, Connection admin) {
        ConnectionSlots slots;
        try {
            slots = target.engine().connectionSlots(admin);
        } catch (SQLException e) {
            slots = null; // Not readable (privileges): the server will say so at connect time.
        }
        if (slots != null && clients + (sampler ? 1 : 0) > slots.free()) {
            throw new BadInputException("--clients " + clients + " is more than " + target.engine().name()
                    + " at " + target.redactedUrl() + " accepts now: " + Math.max(0, slots.free())
                    + " more connection(s) (" + slots.detail() + ")" + (sampler ? "; the server-stats sampler takes one"
                    + " of them (--server-stats off spares it)" : ""));
        }
        ThreadBudget.Available threads = ThreadBudget.available();
        long needed = (long) clients + Defaults.RESERVED_THREADS;
        if (threads != null && needed > threads.count()) {
            throw new BadInputException("--clients " + clients + " needs " + needed + " threads, but this process may"
                    + " start only " + Math.max(0, threads.count()) + " more (" + threads.limit() + ")");
        }
    }
}
