package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.core.BadInputException;

/**
 * The offered rate of --rate-ramp: it rises linearly from {@code fromTps} to {@code toTps}
 * (transactions per second) over one measured phase. Written as the option takes it
 * ({@code 500..8000}), which is also how a result records it.
 */
public record RateRamp(double fromTps, double toTps) {

    /** The ramp of TEXT, {@code A..B} with 0 < A < B; bad input names OPTION. */
    public static RateRamp parse(String option, String text) {
        String[] ends = text.strip().split("\\.\\.", -1);
        if (ends.length != 2) {
            throw new BadInputException(option + ": give the ramp as FROM..TO in transactions per second, like"
                    + " 500..8000; got '" + text + "'");
        }
        double from;
        double to;
        try {
            from = Double.parseDouble(ends[0].strip());
            to = Double.parseDouble(ends[1].strip());
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": give the ramp as FROM..TO in transactions per second, like"
                    + " 500..8000; got '" + text + "'");
        }
        if (!(from > 0 && Double.isFinite(to))) {
            throw new BadInputException(option + ": the ramp must start at a positive rate, got " + ends[0].strip());
        }
        if (!(from < to)) {
            throw new BadInputException(option + ": the ramp must rise, but " + RateSteps.show(to)
                    + " is not above " + RateSteps.show(from));
        }
        return new RateRamp(from, to);
    }

    /** The rate's rise per second of a ramp that lasts SECONDS. */
    public double slope(double seconds) {
        return (toTps - fromTps) / seconds;
    }

    /** The mean offered rate, halfway between the ends. */
    public double meanTps() {
        return (fromTps + toTps) / 2;
    }

    @Override
    public String toString() {
        return RateSteps.show(fromTps) + ".." + RateSteps.show(toTps);
    }
}
