package io.benchlab.lab.cli;

import io.benchlab.lab.influx.InfluxConnection;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** benchlab's InfluxDB 2.x: where, which organization and bucket, and the token from $INFLUX_TOKEN or a file. */
public final class InfluxOptions {

    @Option(names = "--influx-url", paramLabel = "URL", description = "InfluxDB 2.x, e.g. http://localhost:8086.")
    String url;

    @Option(names = "--influx-org", paramLabel = "ORG", defaultValue = Defaults.INFLUX_ORG,
            description = "InfluxDB organization (default: ${DEFAULT-VALUE}).")
    String org;

    @Option(names = "--influx-bucket", paramLabel = "BUCKET", defaultValue = Defaults.INFLUX_BUCKET,
            description = "InfluxDB bucket (default: ${DEFAULT-VALUE}).")
    String bucket;

    @Option(names = "--influx-token-file", paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Read the InfluxDB token from FILE (else from $" + Defaults.INFLUX_TOKEN_ENV + ").")
    Path tokenFile;

    /** The InfluxDB given, or null without --influx-url. */
    public InfluxConnection connection() {
        if (url == null) {
            return null;
        }
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new BadInputException("--influx-url: '" + url + "' is not an http(s) URL (e.g. http://localhost:8086)");
        }
        Secret token;
        try {
            token = tokenFile != null ? Secret.fromFile(tokenFile) : Secret.fromEnv(Defaults.INFLUX_TOKEN_ENV);
        } catch (BadInputException e) {
            throw new BadInputException("--influx-token-file: " + e.getMessage());
        }
        if (token.reveal().isEmpty()) {
            throw new BadInputException("no InfluxDB token: set $" + Defaults.INFLUX_TOKEN_ENV
                    + " or give --influx-token-file FILE");
        }
        return new InfluxConnection(url.strip(), org, bucket, token);
    }
}
