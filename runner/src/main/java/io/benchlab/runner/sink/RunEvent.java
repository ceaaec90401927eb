package io.benchlab.runner.sink;

import java.time.Instant;
import java.util.Locale;

/** A phase boundary of a run, at its wall-clock instant: the boards mark them. */
public record RunEvent(Kind kind, int round, Instant at) {

    public enum Kind {
        /** The warm-up began (round 0). */
        WARMUP,
        /** A round's measured phase began. */
        MEASURED,
        /** A round's measured phase ended. */
        END;

        /** The name the InfluxDB contract uses: {@code warmup}, {@code measured}, {@code end}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One line for an annotation: {@code warm-up}, {@code round 2 measured}, {@code round 2 end}. */
    public String text() {
        return kind == Kind.WARMUP ? "warm-up" : "round " + round + " " + kind.key();
    }
}
