package io.benchlab.runner.driver;

import io.benchlab.runner.Defaults;

/**
 * How a client waits for a server that went away: a pause before each try that doubles from
 * {@link #FIRST_PAUSE_MILLIS} to {@link #MAX_PAUSE_MILLIS}, until the server has stayed away for
 * {@link Defaults#RECONNECT_FOR}. Then the client gives up for the run.
 */
final class Reconnect {

    static final long FIRST_PAUSE_MILLIS = 50;
    static final long MAX_PAUSE_MILLIS = 2_000;

    private final long giveUpAt = System.nanoTime() + Defaults.RECONNECT_FOR.toNanos();
    private long pauseMillis = FIRST_PAUSE_MILLIS;

    /** True once the server has stayed away too long. */
    boolean expired() {
        return System.nanoTime() - giveUpAt > 0;
    }

    /** The pause before the next try. */
    long nextPauseMillis() {
        long pause = pauseMillis;
        pauseMillis = Math.min(pauseMillis * 2, MAX_PAUSE_MILLIS);
        return pause;
    }

    /** The client's first error when it gave up. */
    static String gaveUp(int client) {
        return "client " + client + ": the server did not answer for " + Defaults.RECONNECT_FOR.toSeconds()
                + " s; the client gave up";
    }
}
