package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Which InfluxDB organisation and bucket, and the token: the options every command that talks to
 * InfluxDB shares beside its own --influx-url (streaming a run, or reading runs back). The token is
 * never an option.
 */
public final class InfluxAccessOptions {

    @Option(names = "--influx-org", paramLabel = "ORG", description = "InfluxDB organisation (default: "
            + Defaults.INFLUX_ORG + ").")
    String org;

    @Option(names = "--influx-bucket", paramLabel = "BUCKET", description = "InfluxDB bucket (default: "
            + Defaults.INFLUX_BUCKET + ").")
    String bucket;

    @Option(names = "--influx-token-file", paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Read the InfluxDB token from FILE (else from $" + Defaults.INFLUX_TOKEN_ENV + ").")
    Path tokenFile;

    boolean anyGiven() {
        return org != null || bucket != null || tokenFile != null;
    }

    /**
     * Checked settings for {@code url}, or null when it is null (and then none of these options may
     * be given). {@code spillRoot} and {@code bufferPoints} matter only to a sink that writes.
     */
    public InfluxSettings settings(String url, Path spillRoot, int bufferPoints) {
        if (url == null) {
            if (anyGiven()) {
                throw new BadInputException("--influx-org, --influx-bucket and --influx-token-file go with --influx-url");
            }
            return null;
        }
        var uri = InfluxSettings.parseUrl(url);
        Secret token = tokenFile != null ? Secret.fromFile(tokenFile, "token") : Secret.fromEnv(Defaults.INFLUX_TOKEN_ENV);
        if (token.reveal().isBlank()) {
            throw new BadInputException("--influx-url needs a token: set $" + Defaults.INFLUX_TOKEN_ENV
                    + " or give --influx-token-file FILE");
        }
        return new InfluxSettings(uri, nonBlank(org, Defaults.INFLUX_ORG, "--influx-org"),
                nonBlank(bucket, Defaults.INFLUX_BUCKET, "--influx-bucket"), token, spillRoot, bufferPoints);
    }

    private static String nonBlank(String value, String fallback, String flag) {
        if (value == null) {
            return fallback;
        }
        if (value.isBlank()) {
            throw new BadInputException(flag + " is empty");
        }
        return value;
    }
}
