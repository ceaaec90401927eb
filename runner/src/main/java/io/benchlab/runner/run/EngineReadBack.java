package io.benchlab.runner.run;

import io.benchlab.results.EngineInfo;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Profile;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;

/** What the engine says it is, read back on the admin connection: what cannot be read says so, no run fails on it. */
final class EngineReadBack {

    private EngineReadBack() {
    }

    static EngineInfo of(Target target, Connection c) {
        String version;
        Map<String, String> settings;
        try {
            version = target.engine().serverVersion(c);
        } catch (SQLException e) {
            version = "unknown (" + e.getMessage() + ")";
        }
        try {
            settings = target.engine().settings(c);
        } catch (SQLException e) {
            settings = new TreeMap<>(Map.of("error", "settings not readable: " + e.getMessage()));
        }
        String product;
        String driverVersion;
        try {
            product = target.engine().productName(c);
            driverVersion = c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion();
        } catch (SQLException e) {
            product = "unknown";
            driverVersion = "unknown";
        }
        return new EngineInfo(target.engine().name(), recordedProfile(target, settings), product, version,
                driverVersion, target.redactedUrl(), settings);
    }

    /**
     * The profile the lab imposed, or for a server it does not manage, the profile its settings
     * say it runs with ("custom" when none matches): read back, never assumed.
     */
    private static String recordedProfile(Target target, Map<String, String> settings) {
        if (target.managed() || target.engine().embedded()) {
            return target.profile().name();
        }
        return target.engine().profiles().stream()
                .filter(p -> p.settings().entrySet().stream()
                        .allMatch(s -> s.getValue().equalsIgnoreCase(settings.getOrDefault(s.getKey(), ""))))
                .map(Profile::name).findFirst().orElse("custom");
    }
}
