package io.benchlab.runner.it;

import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds a real server for an integration test through environment variables
 * ({@code <PREFIX>_URL}, {@code _USER}, {@code _PASSWORD_FILE}, as {@code .ci/services env} prints
 * them; {@code DOCKER_HOST} as {@code .ci/containers env} does). Absent, the test is skipped with a
 * message naming the variable and the script that sets it; under
 * {@code BENCHLAB_IT_REQUIRED=all} (CI) an absent server fails the test instead.
 */
public final class ServerTargets {

    public static final String REQUIRED = "BENCHLAB_IT_REQUIRED";

    private ServerTargets() {
    }

    /** {@code require("postgres", "BENCHLAB_PG")}: the server's target, unmanaged, with its password from the file. */
    public static Target require(String engineName, String prefix) {
        String url = variable(prefix + "_URL");
        Engine engine = Engines.find(engineName).orElseThrow();
        String user = System.getenv().getOrDefault(prefix + "_USER", engine.defaultUser());
        String passwordFile = System.getenv(prefix + "_PASSWORD_FILE");
        Secret password = passwordFile == null ? Secret.NONE : Secret.fromFile(Path.of(passwordFile));
        return new Target(engine, engine.defaultProfile(), url, user, password, false);
    }

    /** The value of a variable a test needs, skipping or failing as above when it is not set. */
    public static String variable(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            String message = missing(name);
            if ("all".equals(System.getenv(REQUIRED))) {
                Assertions.fail(message + " [" + REQUIRED + "=all]");
            }
            Assumptions.abort(message);
        }
        return value;
    }

    /**
     * What is missing and how to provide it: .ci/containers serves DOCKER_HOST, .ci/influx the
     * BENCHLAB_INFLUX_* variables, Debian's chromium BENCHLAB_CHROMIUM, .ci/services the rest.
     */
    static String missing(String name) {
        if (name.equals("BENCHLAB_CONTAINERS_DIR")) {
            return "no podman service of .ci/containers: set " + name + " (start it with .ci/containers start,"
                    + " then source /tmp/benchlab-containers/env)";
        }
        if (name.equals("DOCKER_HOST")) {
            return "no Docker API: set DOCKER_HOST (start one with .ci/containers start, then"
                    + " source /tmp/benchlab-containers/env)";
        }
        if (name.startsWith("BENCHLAB_INFLUX")) {
            return "no InfluxDB: set " + name + " (start one with .ci/influx start, then"
                    + " source /tmp/benchlab-influx/env)";
        }
        if (name.equals("BENCHLAB_CHROMIUM")) {
            return "no Chromium: set " + name + " (apt-get install chromium, then"
                    + " export BENCHLAB_CHROMIUM=$(command -v chromium))";
        }
        return "no server: set " + name + " (start one with .ci/services start, then"
                + " source /tmp/benchlab-services/env)";
    }
}
