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

    /** What a reconnecting client does next. */
    enum Step {
        /** The run stops or the round is over: the client's part of the round ends, still unconnected. */
        END_ROUND,
        /** The server stayed away too long: the client gives up for the run. */
        GIVE_UP,
        /** Another try, after {@link #nextPauseMillis()}. */
        TRY_AGAIN
    }

    /** The step after the last try failed (or before the first), by the clock. */
    Step next(boolean stopping, boolean roundOver) {
        return step(stopping, roundOver, System.nanoTime() - giveUpAt > 0);
    }

    /** Pure: a stop or the round's end comes first, then a server away longer than allowed. */
    static Step step(boolean stopping, boolean roundOver, boolean expired) {
        if (stopping || roundOver) {
            return Step.END_ROUND;
        }
        return expired ? Step.GIVE_UP : Step.TRY_AGAIN;
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
