package io.benchlab.results;

/** One measured round; {@code counted} marks the round whose figures are the result's figures. */
public record Round(int index, boolean counted, Figures figures) {
}
