package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import java.time.Duration;

/**
 * What {@link WorkloadConfig} refuses about a load profile (--rate-steps, --rate-ramp) that no
 * knob's own declaration can say: one rate option at a time, each profile's own options only with
 * it, a timed run, a round count that agrees, and a ramp long enough to show its rates.
 */
final class LoadProfileCheck {

    /** The knobs the checks read, as the config's constructor is given them. */
    record Given(Double rateTps, RateSteps rateSteps, Duration stepDuration, Duration stepSettle, RateRamp rateRamp,
                 Duration rampDuration, Duration duration, Long transactionsPerClient, int rounds, Duration interval) {
    }

    private LoadProfileCheck() {
    }

    static void check(Given g) {
        int rates = (g.rateTps() != null ? 1 : 0) + (g.rateSteps() != null ? 1 : 0) + (g.rateRamp() != null ? 1 : 0);
        if (rates > 1) {
            throw new BadInputException("give one of --rate, --rate-steps and --rate-ramp, not " + rates
                    + " of them: each sets the offered rate");
        }
        if (g.rateSteps() == null) {
            forbidWithout(g.stepDuration(), "--step-duration", "--rate-steps");
            forbidWithout(g.stepSettle(), "--step-settle", "--rate-steps");
        }
        if (g.rateRamp() == null) {
            forbidWithout(g.rampDuration(), "--ramp-duration", "--rate-ramp");
        }
        if (g.rateSteps() != null) {
            checkSteps(g);
        }
        if (g.rateRamp() != null) {
            checkRamp(g);
        }
    }

    private static void checkSteps(Given g) {
        timed(g, "--rate-steps", "--step-duration");
        positive(g.stepDuration(), "--step-duration");
        if (g.stepSettle() != null && g.stepSettle().isNegative()) {
            throw new BadInputException("--step-settle must not be negative, got " + Durations.text(g.stepSettle()));
        }
        int steps = g.rateSteps().count();
        if (g.rounds() != Defaults.ROUNDS && g.rounds() != steps) {
            throw new BadInputException("--rounds " + g.rounds() + " disagrees with --rate-steps " + g.rateSteps()
                    + ": each step is one round, so leave --rounds out (or give " + steps + ")");
        }
        Duration length = g.stepDuration() != null ? g.stepDuration() : g.duration();
        double first = g.rateSteps().rate(1);
        if (first * seconds(length) < 1) {
            throw new BadInputException("--rate-steps' first step of " + RateSteps.show(first) + " tps schedules no"
                    + " transaction in a " + Durations.text(length) + " step; give longer steps or higher rates");
        }
    }

    private static void checkRamp(Given g) {
        timed(g, "--rate-ramp", "--ramp-duration");
        positive(g.rampDuration(), "--ramp-duration");
        if (g.rounds() != 1) {
            throw new BadInputException("--rate-ramp runs one measured phase; leave --rounds " + g.rounds() + " out");
        }
        Duration length = g.rampDuration() != null ? g.rampDuration() : g.duration();
        if (length.compareTo(g.interval().multipliedBy(2)) < 0) {
            throw new BadInputException("--ramp-duration " + Durations.text(length) + " is shorter than two --interval "
                    + Durations.text(g.interval()) + ": the ramp would leave less than one interval per rate");
        }
    }

    /** A profile is a schedule in time: a per-client count has no place in it. */
    private static void timed(Given g, String profile, String length) {
        if (g.transactionsPerClient() != null) {
            throw new BadInputException(profile + " is timed: give " + length + " (or --duration), not"
                    + " --transactions-per-client");
        }
    }

    private static void positive(Duration d, String option) {
        if (d != null && (d.isNegative() || d.isZero())) {
            throw new BadInputException(option + " must be positive, got " + Durations.text(d));
        }
    }

    private static void forbidWithout(Object value, String option, String profile) {
        if (value != null) {
            throw new BadInputException(option + " is for " + profile + "; give it with " + profile + " or leave it out");
        }
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
