package io.benchlab.lab.cli;

import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.setup.ConfigSyntax;
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
 * Settings on top of the profile, for a database the lab starts: a server's on its command line
 * (its image unchanged), an in-process engine's where the engine takes them (its URL, system
 * properties: {@link Engine#inProcessSettings}); each read back before the load. Given on an
 * external server they are refused: the lab changes no server it did not start.
 */
public final class ServerSettingsOptions {

    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    @Option(names = "--db-set", paramLabel = "KEY=VALUE",
            description = "Start the database with this setting on top of the profile's configuration"
                    + " (repeatable; wins over --db-config), e.g. shared_buffers=256MB, or for an in-process engine"
                    + " CACHE_SIZE=65536; read back before the load.")
    List<String> sets;

    @Option(names = "--db-config", paramLabel = "FILE",
            description = "Start the database with the settings of FILE, a fragment in the engine's own"
                    + " configuration syntax (postgresql.conf lines, a [mysqld] cnf, Java properties; Java"
                    + " properties for in-process engines).")
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
        ConfigSyntax syntax;
        if (backend == BackendKind.EMBEDDED) {
            if (engine.inProcessSettings() == null) {
                throw new BadInputException(option + ": " + engine.name() + " takes no settings in-process; it takes"
                        + " them where the lab starts it (--backend docker or kubernetes)");
            }
            syntax = ConfigSyntax.PROPERTIES;
        } else if (image == null) {
            throw new BadInputException(option + " applies to the database the lab starts: " + engine.name()
                    + " runs in-process in the runner here; give it with --backend embedded");
        } else if (!image.settings().taken()) {
            throw new BadInputException(option + ": " + engine.name() + "'s image takes no settings on its command"
                    + " line (images/" + image.folder() + "/engine.properties has no settings.arg)");
        } else {
            syntax = image.settings().syntax();
        }
        Map<String, String> all = new LinkedHashMap<>();
        if (config != null) {
            all.putAll(syntax.parse(lines(config), config.toString()));
        }
        fromCommandLine.forEach((k, v) -> {
            all.remove(k);
            all.put(k, v);
        });
        ServerSettings settings = new ServerSettings(all);
        String problem = backend == BackendKind.EMBEDDED ? engine.inProcessSettings().problem(all) : null;
        if (problem != null) {
            throw new BadInputException(option + " " + problem);
        }
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
