package io.benchlab.lab.setup;

import io.benchlab.results.Setup;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import io.benchlab.runner.engine.ReportedSetting;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads every given setting back from the server that was started with it, before anything is
 * loaded: a setting the server does not know, or reports at another value, would make a run that
 * measures something else than it says. The server's own spelling is recorded.
 */
public final class SettingsCheck {

    /** What the server says about a given setting that makes the run not the one asked for: one line. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    private SettingsCheck() {
    }

    /** The given settings and the server's values, or {@link Refused} naming the first that is off; null: none given. */
    public static Setup check(Engine engine, Profile profile, ServerSettings settings, Connection c) throws SQLException {
        if (settings.isEmpty()) {
            return null;
        }
        Map<String, Setup.Given> read = new LinkedHashMap<>();
        for (var e : settings.given().entrySet()) {
            ReportedSetting reported = engine.setting(c, e.getKey());
            switch (reported.kind()) {
                case UNKNOWN -> throw new Refused("the server has no setting " + e.getKey() + " (given "
                        + e.getKey() + "=" + e.getValue() + ")");
                case NOT_READABLE -> read.put(e.getKey(), new Setup.Given(e.getValue(), null));
                case VALUE -> {
                    if (!SettingValues.same(e.getValue(), reported.value(), reported.unit())
                            && !reported.ownName()) {
                        throw new Refused("the server reports " + e.getKey() + "=" + reported.value() + ", not the "
                                + e.getValue() + " given");
                    }
                    read.put(e.getKey(), new Setup.Given(e.getValue(), reported.value()));
                }
            }
        }
        return new Setup(read, settings.hash(engine, profile));
    }
}
