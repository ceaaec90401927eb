package io.benchlab.lab.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.InfluxAccessOptions;
import io.benchlab.runner.sink.influx.InfluxSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The InfluxDB that lab compare and lab history read runs from (lab history also writes its change points there). */
public final class InfluxSourceOptions {

    @Option(names = "--influx-url", paramLabel = "URL",
            description = "Read runs from InfluxDB 2.x at this URL (e.g. http://127.0.0.1:8086). The token comes from $"
                    + Defaults.INFLUX_TOKEN_ENV + " or --influx-token-file.")
    String url;

    @Mixin
    InfluxAccessOptions access;

    /** The checked settings, or null when --influx-url is not given. Nothing is spilled: reading needs no spill. */
    public InfluxSettings settings() {
        return access.settings(url, null, 1);
    }
}
