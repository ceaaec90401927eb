package io.benchlab.runner.run;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/** Run ids sort by time and say what ran: {@code 20261122T074500Z-hsqldb-3f9a}. */
public final class RunIds {

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);

    private RunIds() {
    }

    public static String next(String engine) {
        return STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)) + "-" + engine + "-"
                + String.format(Locale.ROOT, "%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }
}
