package io.benchlab.results;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a capacity step showed about its offered rate: the objectives held there ({@link #PASS}),
 * the set-up does not sustain it ({@link #FAIL}: an objective broke in its rounds beyond chance, it
 * missed its schedule, or its run failed), or its rounds showed neither ({@link #UNCLEAR}: they
 * straddle an objective, so the rate lies where the set-up's own spread decides).
 */
public enum StepVerdict {
    PASS("pass"),
    FAIL("fail"),
    UNCLEAR("unclear");

    private final String json;

    StepVerdict(String json) {
        this.json = json;
    }

    @JsonValue
    public String json() {
        return json;
    }
}
