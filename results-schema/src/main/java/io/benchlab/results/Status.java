package io.benchlab.results;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a run ended. Anything but {@link #OK} carries a cause. */
public enum Status {
    OK("ok"),
    FAILED("failed"),
    INTERRUPTED("interrupted");

    private final String json;

    Status(String json) {
        this.json = json;
    }

    @JsonValue
    public String json() {
        return json;
    }
}
