package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.nio.file.Path;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** Which database: an engine and profile, or an explicit JDBC URL. Shared by every command. */
public final class TargetOptions {

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = Defaults.ENGINE,
            description = "Engine: hsqldb, h2 or derby (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Engine profile, e.g. memory, durable, relaxed (default: the engine's first).")
    String profile;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "Talk to this database instead of the profile's own. Never put a password in it.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "Database user (default: the engine's).")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "Read the password from FILE (else from $" + Defaults.PASSWORD_ENV + ").")
    Path passwordFile;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = Defaults.DATA_DIR,
            description = "Where file profiles keep their data (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    public String engineName() {
        return engine;
    }

    public Target toTarget() {
        Engine e = Engines.find(engine).orElseThrow(() -> new BadInputException(
                "unknown engine '" + engine + "'; known engines: " + Engines.names()));
        Profile p = profile == null ? e.defaultProfile() : e.profile(profile);
        if (p == null) {
            throw new BadInputException("unknown profile '" + profile + "' for " + e.name() + "; known profiles: "
                    + e.profiles().stream().map(Profile::name).collect(Collectors.joining(", ")));
        }
        Secret password = passwordFile != null ? Secret.fromFile(passwordFile) : Secret.fromEnv(Defaults.PASSWORD_ENV);
        String url = jdbcUrl != null ? jdbcUrl : e.jdbcUrl(p, dataDir);
        return new Target(e, p, url, user != null ? user : e.defaultUser(), password, jdbcUrl == null);
    }
}
