package io.benchlab.lab.history;

import java.util.List;

/**
 * A change point of a history: the first night after it, the mean of the nights before and after
 * it (back to the previous change point, on to the next), the relative change, the t-test's
 * p-value, and what the night before and the night after ran with that differs.
 */
public record ChangePoint(Night after, double meanBefore, double meanAfter, double change, double pValue,
                          List<String> differs) {
}
