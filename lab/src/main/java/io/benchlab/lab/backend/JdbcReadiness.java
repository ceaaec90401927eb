package io.benchlab.lab.backend;

import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.lab.setup.SettingsCheck;
import io.benchlab.results.Setup;
import io.benchlab.runner.core.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A database that a backend started is ready when a real JDBC login works, as the user and with
 * the password the runner will use, never after a sleep. Shared by the backends that start one.
 */
public final class JdbcReadiness {

    /** The database will not be ready: its container or pod failed, or the time ran out. */
    public static final class NotReady extends RuntimeException {
        public NotReady(String message) {
            super(message);
        }
    }

    private JdbcReadiness() {
    }

    /** Logs in until it works; {@code failure} says why the database will never answer, if it knows. */
    public static void await(Target probe, Duration timeout, Supplier<Optional<String>> failure) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        SQLException last = null;
        while (true) {
            Optional<String> why = failure.get();
            if (why.isPresent()) {
                throw new NotReady(why.get());
            }
            try (Connection c = probe.connect()) {
                if (c.isValid(5)) {
                    return;
                }
            } catch (SQLException e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new NotReady("the database did not answer over JDBC within " + timeout.toSeconds() + " s"
                        + (last == null ? "" : ": " + last.getMessage().replaceAll("\\s+", " ").strip()));
            }
            Thread.sleep(200);
        }
    }

    /**
     * Once ready, each given setting as the server reports it (see {@link SettingsCheck}), before
     * the runner loads anything; NotReady in one line when one is unknown or off. Null: none given.
     * A login that worked a moment ago can still lose its next connection on the way (a Kubernetes
     * port-forward dropped one in CI: "Communications link failure", 0 ms after the login), so a
     * connection failure (SQLState class 08) is tried again, READ_BACK_TRIES times in all.
     */
    public static Setup readBack(Target probe, ServerSettings settings) throws InterruptedException {
        if (settings.isEmpty()) {
            return null;
        }
        for (int attempt = 1; ; attempt++) {
            try (Connection c = probe.connect()) {
                return SettingsCheck.check(probe.engine(), probe.profile(), settings, c);
            } catch (SettingsCheck.Refused e) {
                throw new NotReady(e.getMessage());
            } catch (SQLException e) {
                if (attempt >= READ_BACK_TRIES || !isConnectionFailure(e)) {
                    throw new NotReady("the server's settings could not be read back"
                            + (attempt > 1 ? " (" + attempt + " tries)" : "") + ": "
                            + e.getMessage().replaceAll("\\s+", " ").strip());
                }
            }
            Thread.sleep(READ_BACK_PAUSE.toMillis());
        }
    }

    static final int READ_BACK_TRIES = 5;
    static final Duration READ_BACK_PAUSE = Duration.ofSeconds(1);

    static boolean isConnectionFailure(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("08");
    }
}
