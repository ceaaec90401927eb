package io.benchlab.results;

/** One measured round, with its own figures; the result's figures are those of all rounds together. */
public record Round(int index, Figures figures) {
}
