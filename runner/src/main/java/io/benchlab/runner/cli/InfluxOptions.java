package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Streaming to InfluxDB 2.x: shared by {@code runner run} and {@code lab run}. The token is never an option. */
public final class InfluxOptions {

    @Option(names = "--influx-url", paramLabel = "URL",
            description = "Stream the run to InfluxDB 2.x at this URL (e.g. http://127.0.0.1:8086): intervals and"
                    + " phase events live, the run and its rounds at the end. The token comes from $"
                    + Defaults.INFLUX_TOKEN_ENV + " or --influx-token-file. InfluxDB being away never fails the run.")
    String url;

    @Mixin
    InfluxAccessOptions access;

    @Option(names = "--influx-spill-dir", paramLabel = "DIR", converter = PathConverters.Directory.class,
            description = "Where points InfluxDB did not take are kept for the next run (default: ~/"
                    + Defaults.INFLUX_SPILL_DIR + ").")
    Path spillDir;

    @Option(names = "--influx-buffer-points", hidden = true, paramLabel = "N",
            description = "Points kept in memory while InfluxDB is away before they spill to a file (tests make it small).")
    Integer bufferPoints;

    /** The checked settings, or null when --influx-url is not given (then no other --influx option may be). */
    public InfluxSettings settings() {
        if (url == null && (access.anyGiven() || spillDir != null || bufferPoints != null)) {
            throw new BadInputException("--influx-org, --influx-bucket, --influx-token-file and --influx-spill-dir"
                    + " go with --influx-url");
        }
        if (bufferPoints != null && bufferPoints < 1) {
            throw new BadInputException("--influx-buffer-points " + bufferPoints + ": give 1 or more");
        }
        return access.settings(url,
                spillDir != null ? spillDir : Path.of(System.getProperty("user.home")).resolve(Defaults.INFLUX_SPILL_DIR),
                bufferPoints != null ? bufferPoints : Defaults.INFLUX_BUFFER_POINTS);
    }
}
