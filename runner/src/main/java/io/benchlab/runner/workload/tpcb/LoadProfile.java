package io.benchlab.runner.workload.tpcb;

import java.time.Duration;

/**
 * The rate a run's schedule offers, round by round and second by second: none (flat out), one
 * constant rate (--rate), one rate per round (--rate-steps) or, in the one round, a rate rising
 * linearly from {@code fromTps} by {@code slope} tps a second for {@code rampSeconds}
 * (--rate-ramp). The driver paces its clients by it and the result records it beside what the
 * clients achieved. Made by {@link WorkloadConfig#profile()}.
 *
 * <p>{@code rates}: the offered rate of each round from 1, the last repeating (empty: unpaced);
 * {@code settle}: how long each round after the first runs at its rate before it is measured.
 */
public record LoadProfile(double[] rates, double slope, double rampSeconds, Duration settle) {

    public static final LoadProfile UNPACED = new LoadProfile(new double[0], 0, 0, Duration.ZERO);

    public static LoadProfile constant(double tps) {
        return new LoadProfile(new double[] {tps}, 0, 0, Duration.ZERO);
    }

    public static LoadProfile steps(RateSteps steps, Duration settle) {
        return new LoadProfile(steps.tps().stream().mapToDouble(Double::doubleValue).toArray(), 0, 0, settle);
    }

    /** RAMP over SECONDS; its warm-up runs at the ramp's first rate. */
    public static LoadProfile ramp(RateRamp ramp, double seconds) {
        return new LoadProfile(new double[] {ramp.fromTps()}, ramp.slope(seconds), seconds, Duration.ZERO);
    }

    public boolean paced() {
        return rates.length > 0;
    }

    /** True when the rate rises through the measured phase. */
    public boolean ramped() {
        return slope > 0;
    }

    /** The rate ROUND's schedule starts at, and its warm-up or settle runs at; 0 when unpaced. */
    public double startTps(int round) {
        return paced() ? rates[Math.min(round, rates.length) - 1] : 0;
    }

    /** How long ROUND runs at its rate before it is measured: a step's settle, none for round 1 (it warms up). */
    public Duration settleBefore(int round) {
        return round > 1 ? settle : Duration.ZERO;
    }

    /** The mean rate ROUND's measured phase offered; null when unpaced. */
    public Double meanTps(int round) {
        return paced() ? startTps(round) + slope * rampSeconds / 2 : null;
    }

    /** The rate offered {@code t} seconds into ROUND's measured phase (a ramp holds its ends outside it); null when unpaced. */
    public Double offeredAt(int round, double t) {
        return paced() ? startTps(round) + slope * Math.min(Math.max(t, 0), rampSeconds) : null;
    }
}
