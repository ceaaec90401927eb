package io.benchlab.lab.cli;

import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import io.benchlab.runner.engine.Engine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * Server settings on top of the profile, for a server the lab starts (its image unchanged, the
 * settings on the server's command line), each read back before the load. Given on an external
 * server they are refused: the lab changes no server it did not start.
 */
public final class ServerSettingsOptions {

    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    @Option(names = "--db-set", paramLabel = "KEY=VALUE",
            description = "Start the database server with this setting on top of the profile's configuration"
                    + " (repeatable; wins over --db-config), e.g. shared_buffers=256MB; read back before the load.")
    List<String> sets;

    @Option(names = "--db-config", paramLabel = "FILE",
            description = "Start the database server with the settings of FILE, a fragment in the engine's own"
                    + " configuration syntax (postgresql.conf lines, a [mysqld] cnf, Java properties).")
    Path config;

    /** The settings given, checked; NONE when none were given. IMAGE: the engine's (null for in-process engines). */
    ServerSettings settings(Engine engine, BackendKind backend, EngineImage image) {
        Map<String, String> fromCommandLine = commandLine();
        if (fromCommandLine.isEmpty() && config == null) {
            return ServerSettings.NONE;
        }
        String option = config != null ? "--db-config" : "--db-set";
        if (backend == BackendKind.EXTERNAL) {
            throw new BadInputException(option + " sets the server's settings, and the lab changes no server it did not"
                    + " start; this run's backend is external: set them on that server yourself");
        }
        if (image == null || backend == BackendKind.EMBEDDED) {
            throw new BadInputException(option + " applies to servers the lab starts (--backend docker or kubernetes);"
                    + " " + engine.name() + " runs in-process here");
        }
        if (!image.settings().taken()) {
            throw new BadInputException(option + ": " + engine.name() + "'s image takes no settings on its command"
                    + " line (images/" + image.folder() + "/engine.properties has no settings.arg)");
        }
        Map<String, String> all = new LinkedHashMap<>();
        if (config != null) {
            all.putAll(image.settings().syntax().parse(lines(config), config.toString()));
        }
        fromCommandLine.forEach((k, v) -> {
            all.remove(k);
            all.put(k, v);
        });
        ServerSettings settings = new ServerSettings(all);
        settings.refuseProfileKeys(engine);
        return settings;
    }

    /** The --db-set pairs in order; a key given twice must have one value. */
    private Map<String, String> commandLine() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String set : sets == null ? List.<String>of() : sets) {
            int eq = set.indexOf('=');
            if (eq < 0) {
                throw new BadInputException("--db-set " + set + ": give KEY=VALUE, e.g. --db-set shared_buffers=256MB");
            }
            String key = set.substring(0, eq).strip();
            String value = set.substring(eq + 1).strip();
            if (key.isEmpty()) {
                throw new BadInputException("--db-set " + set + ": the key is empty; give KEY=VALUE");
            }
            if (!KEY.matcher(key).matches()) {
                throw new BadInputException("--db-set " + set + ": '" + key + "' is not a setting's name (letters,"
                        + " digits, _, - and .)");
            }
            String before = given.putIfAbsent(key, value);
            if (before != null && !before.equals(value)) {
                throw new BadInputException("--db-set " + key + " is given twice, as " + before + " and " + value
                        + "; give it once");
            }
        }
        return given;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException("--db-config " + file + ": " + FileProblem.describe(e));
        }
    }
}
