package io.benchlab.results;

/** The data load, present only when this run loaded the data. */
public record Load(int scale, long rows, double seconds, String method) {
}
