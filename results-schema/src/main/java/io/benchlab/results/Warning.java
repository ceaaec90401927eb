package io.benchlab.results;

/**
 * Something about a run that a reader must know before trusting its figures: a failure ratio
 * above the threshold, time at zero tps, a target rate that was not met. {@code code} names the
 * kind (stable, for machines), {@code figure} is its size in the unit the message gives, and
 * {@code message} says it in one sentence. A warning never changes the status; {@code --strict}
 * turns any warning into exit code 1.
 */
public record Warning(String code, double figure, String message) {
}
