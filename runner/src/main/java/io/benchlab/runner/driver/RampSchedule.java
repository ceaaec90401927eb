package io.benchlab.runner.driver;

/**
 * When the starts of a ramp are due: the rate runs at {@code fromTps} through the warm-up, then
 * rises by {@code slope} tps a second, and the run's g-th start (from 0) is due where the integral
 * of the rate reaches g. As under a constant rate, the clients share the starts in turn: client
 * {@code slot} of {@code clients} takes starts slot, slot + clients, slot + 2 clients... Pure
 * arithmetic on seconds from the round's start; the ramp begins {@code warmSeconds} in.
 *
 * <p>With the rate r(t) = A + s t from the ramp's start, the starts by t are A t + s t&sup2;/2, so
 * the d-th start of the ramp is due at 2d / (A + &radic;(A&sup2; + 2 s d)): the root of that
 * quadratic written so that it holds for s = 0 too, without a branch.
 */
final class RampSchedule {

    private final double fromTps;
    private final double slope;
    private final int clients;

    RampSchedule(double fromTps, double slope, int clients) {
        this.fromTps = fromTps;
        this.slope = slope;
        this.clients = clients;
    }

    int clients() {
        return clients;
    }

    /** Seconds from the round's start to the run's G-th start. */
    double secondsOf(double g, double warmSeconds) {
        double intoRamp = Math.max(0, g - fromTps * warmSeconds);
        return Math.min(g / fromTps, warmSeconds)
                + 2 * intoRamp / (fromTps + Math.sqrt(fromTps * fromTps + 2 * slope * intoRamp));
    }

    /** How many of the run's starts are due before SECONDS from the round's start (a real number). */
    double startsBefore(double seconds, double warmSeconds) {
        double ramp = Math.max(0, seconds - warmSeconds);
        return fromTps * seconds + slope * ramp * ramp / 2;
    }

    /** How many of client SLOT's starts are due before SECONDS from the round's start. */
    long ownStartsBefore(double seconds, double warmSeconds, int slot) {
        double all = startsBefore(seconds, warmSeconds);
        return all <= slot ? 0 : (long) Math.ceil((all - slot) / clients);
    }
}
