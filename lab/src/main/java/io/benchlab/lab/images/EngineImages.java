package io.benchlab.lab.images;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The images the lab runs server engines from. Versions come from {@code images/versions.properties},
 * the same file {@code make images} tags with, so the lab runs exactly what was built.
 */
public final class EngineImages {

    /** Where every container of a run finds the database password. */
    public static final String PASSWORD_FILE = "/run/secrets/db-password";

    private static final String DATABASE = "bench";
    private static final String USER = "bench";
    private static final Properties VERSIONS = load();

    private static final List<EngineImage> ALL = List.of(
            image("postgres", "postgres", 5432, USER, "jdbc:postgresql://%s:%d/%s", Map.of(
                    "POSTGRES_USER", USER, "POSTGRES_DB", DATABASE, "POSTGRES_PASSWORD_FILE", PASSWORD_FILE)),
            image("mariadb", "mariadb", 3306, USER, "jdbc:mysql://%s:%d/%s", Map.of(
                    "MARIADB_USER", USER, "MARIADB_DATABASE", DATABASE, "MARIADB_PASSWORD_FILE", PASSWORD_FILE,
                    "MARIADB_RANDOM_ROOT_PASSWORD", "1")),
            image("mysql", "mysql", 3306, USER, "jdbc:mysql://%s:%d/%s", Map.of(
                    "MYSQL_USER", USER, "MYSQL_DATABASE", DATABASE, "MYSQL_PASSWORD_FILE", PASSWORD_FILE,
                    "MYSQL_RANDOM_ROOT_PASSWORD", "yes")),
            image("hsqldb-server", "hsqldb-server", 9001, "SA", "jdbc:hsqldb:hsql://%s:%d/%s", Map.of(
                    "HSQLDB_USER", "SA", "HSQLDB_PASSWORD_FILE", PASSWORD_FILE)));

    private EngineImages() {
    }

    /** The image of a server engine; in-process engines have none. */
    public static EngineImage of(Engine engine) {
        return ALL.stream().filter(i -> i.engine().name().equals(engine.name())).findFirst()
                .orElseThrow(() -> new BadInputException(engine.name() + " runs in-process and has no image;"
                        + " container backends run " + names()));
    }

    public static List<EngineImage> all() {
        return ALL;
    }

    public static String names() {
        return ALL.stream().map(i -> i.engine().name()).collect(Collectors.joining(", "));
    }

    /** {@code benchlab/runner:<version>}: the runner's own image. */
    public static String runnerTag() {
        return "benchlab/runner:" + version("runner");
    }

    private static EngineImage image(String engine, String folder, int port, String user, String url,
                                     Map<String, String> env) {
        Engine e = Engines.find(engine).orElseThrow(() -> new IllegalStateException("no engine " + engine));
        return new EngineImage(e, folder, version(folder), port, user, DATABASE, env, url);
    }

    private static String version(String key) {
        String v = VERSIONS.getProperty(key);
        if (v == null) {
            throw new IllegalStateException("images/versions.properties has no " + key);
        }
        return v.strip();
    }

    private static Properties load() {
        try (InputStream in = EngineImages.class.getResourceAsStream("versions.properties")) {
            if (in == null) {
                throw new IllegalStateException("versions.properties is not on the class path: rebuild the lab");
            }
            Properties p = new Properties();
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
