package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WritableDirectory;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.nio.file.Path;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** Which database: an engine and profile, or an explicit JDBC URL. Shared by every command. */
public final class TargetOptions {

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = Defaults.ENGINE,
            description = "Engine: hsqldb, h2, derby (in-process); postgres, mysql, mariadb, hsqldb-server"
                    + " (servers, with --jdbc-url) (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Engine profile, e.g. memory, durable, relaxed (default: the engine's first)."
                    + " A server's profile is read back from its settings, not imposed.")
    String profile;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "Talk to this database instead of the profile's own. Never put a password in it.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "Database user (default: the engine's).")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Read the password from FILE (else from $" + Defaults.PASSWORD_ENV + ").")
    Path passwordFile;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = Defaults.DATA_DIR,
            converter = PathConverters.Directory.class,
            description = "Where file profiles keep their data (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    public String engineName() {
        return engine;
    }

    /** The engine named by --engine, in any case. */
    public Engine engine() {
        return Engines.find(engine).orElseThrow(() -> new BadInputException(
                "unknown engine '" + engine + "'; " + didYouMean(engine) + "known engines: " + Engines.names()));
    }

    /** The profile named by --profile, or the engine's default. */
    public Profile profile(Engine e) {
        Profile p = profile == null ? e.defaultProfile() : e.profile(profile);
        if (p == null) {
            throw new BadInputException("unknown profile '" + profile + "' for " + e.name() + "; known profiles: "
                    + e.profiles().stream().map(Profile::name).collect(Collectors.joining(", ")));
        }
        return p;
    }

    /** True when the user points at a database of their own. */
    public boolean jdbcUrlGiven() {
        return jdbcUrl != null;
    }

    /** The database to use, every option checked first: nothing has connected or been written yet. */
    public Target toTarget() {
        return toTarget(engine());
    }

    /** As {@link #toTarget()}, for engine E in place of --engine's (a sweep's point). */
    public Target toTarget(Engine e) {
        Profile p = profile(e);
        if (user != null && user.isBlank()) {
            throw new BadInputException("--user is empty; leave it out for the engine's own (" + e.defaultUser() + ")");
        }
        if (jdbcUrl != null) {
            JdbcUrls.check(e, jdbcUrl);
        } else if (!e.embedded()) {
            throw new BadInputException(e.name() + " runs as a server: give --jdbc-url, --user and the password"
                    + " through --password-file or $" + Defaults.PASSWORD_ENV);
        } else if (p.persistent()) {
            WritableDirectory.problem(dataDir).ifPresent(why -> {
                throw new BadInputException("--data-dir " + dataDir + " cannot hold the " + p.name() + " profile's"
                        + " files: " + why);
            });
        }
        Secret password = passwordFile != null ? Secret.fromFile(passwordFile) : Secret.fromEnv(Defaults.PASSWORD_ENV);
        String url = jdbcUrl != null ? jdbcUrl : e.jdbcUrl(p, dataDir);
        return new Target(e, p, url, user != null ? user : e.defaultUser(), password, jdbcUrl == null);
    }

    /** "did you mean postgres? " for postgresql, mariadb for maria; nothing for a name like no engine's. */
    private static String didYouMean(String typed) {
        String t = typed.strip().toLowerCase(java.util.Locale.ROOT);
        return Engines.all().stream().map(Engine::name)
                .filter(n -> t.length() >= 3 && (t.startsWith(n) || n.startsWith(t)))
                .findFirst().map(n -> "did you mean " + n + "? ").orElse("");
    }
}
