package io.benchlab.lab.images;

import io.benchlab.lab.setup.ConfigSyntax;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads a server engine's descriptor, {@code images/<engine>/engine.properties}. The Makefile and
 * the scripts read the same file as plain {@code key=value} lines. Every key is checked here, so a
 * bad descriptor fails the lab's tests (EngineDescriptorsTest) at build time, not a run.
 */
final class EngineDescriptor {

    static final String FILE = "engine.properties";

    private static final Set<String> REQUIRED = Set.of("versions", "config.ext", "port", "user", "database", "url",
            "env.user", "env.password-file", "client.cpus", "client.memory", "data.dir");
    private static final Set<String> OPTIONAL = Set.of("env.database", "client.jvm-options", "build.stage-jar",
            "settings.arg", "settings.cmd");
    private static final Pattern EXTRA_ENV = Pattern.compile("env\\.extra\\.([A-Z_][A-Z0-9_]*)");
    /** base.<version>: the image a pinned version is built FROM, by tag and digest. */
    private static final Pattern BASE = Pattern.compile("base\\.(.+)");
    private static final Pattern PINNED = Pattern.compile("\\S+:\\S+@sha256:[0-9a-f]{64}");
    private static final Pattern LIMIT = Pattern.compile("limits\\.([a-z0-9-]+)\\.(cpus|memory)");
    /** flushes.<profile>=true: the profile flushes to disk at every commit. */
    private static final Pattern FLUSHES = Pattern.compile("flushes\\.([a-z0-9-]+)");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Z_][A-Z0-9_]*");
    /** An image tag's characters: the version is part of one. */
    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern WORD = Pattern.compile("[a-z0-9]+");
    private static final Pattern MAVEN_ARTIFACT = Pattern.compile("[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+");

    private EngineDescriptor() {
    }

    /** The engine's image as its descriptor says; {@code source} names the file in messages. */
    static EngineImage read(Engine engine, Properties file, String source) {
        Map<String, String> p = new TreeMap<>();
        file.stringPropertyNames().forEach(k -> p.put(k, file.getProperty(k).strip()));
        for (String key : p.keySet()) {
            if (!REQUIRED.contains(key) && !OPTIONAL.contains(key) && !EXTRA_ENV.matcher(key).matches()
                    && !LIMIT.matcher(key).matches() && !BASE.matcher(key).matches()
                    && !FLUSHES.matcher(key).matches()) {
                throw bad(source, key, "is not a descriptor key");
            }
        }
        for (String key : REQUIRED) {
            if (p.getOrDefault(key, "").isEmpty()) {
                throw bad(source, key, "is missing");
            }
        }
        List<String> versions = versions(source, p);
        Map<String, String> bases = new TreeMap<>();
        for (String version : versions) {
            String key = "base." + version;
            if (!p.containsKey(key)) {
                throw bad(source, key, "is missing: every pinned version names its base image");
            }
            check(source, p, key, PINNED);
            bases.put(version, p.get(key));
        }
        for (String key : p.keySet()) {
            var m = BASE.matcher(key);
            if (m.matches() && !versions.contains(m.group(1))) {
                throw bad(source, key, "names no version of versions=" + p.get("versions"));
            }
        }
        check(source, p, "config.ext", WORD);
        check(source, p, "env.user", ENV_NAME);
        check(source, p, "env.password-file", ENV_NAME);
        if (p.containsKey("env.database")) {
            check(source, p, "env.database", ENV_NAME);
        }
        if (p.containsKey("build.stage-jar")) {
            check(source, p, "build.stage-jar", MAVEN_ARTIFACT);
        }
        int port = port(source, p.get("port"));
        String url = url(engine, source, p.get("url"));

        Map<String, String> env = new HashMap<>();
        env.put(p.get("env.user"), p.get("user"));
        if (p.containsKey("env.database")) {
            env.put(p.get("env.database"), p.get("database"));
        }
        env.put(p.get("env.password-file"), EngineImages.PASSWORD_FILE);
        p.forEach((k, v) -> {
            var m = EXTRA_ENV.matcher(k);
            if (m.matches()) {
                env.put(m.group(1), v);
            }
        });

        Map<String, ContainerLimits> limits = new HashMap<>();
        for (String key : p.keySet()) {
            var m = LIMIT.matcher(key);
            if (m.matches() && engine.profile(m.group(1)) == null) {
                throw bad(source, key, "names no profile of " + engine.name());
            }
        }
        for (Profile profile : engine.profiles()) {
            String prefix = "limits." + profile.name() + ".";
            limits.put(profile.name(), limits(source, p, prefix + "cpus", prefix + "memory"));
        }
        List<String> jvm = Arrays.stream(p.getOrDefault("client.jvm-options", "").split("\\s+"))
                .filter(o -> !o.isEmpty()).toList();
        for (String option : jvm) {
            if (!option.startsWith("-")) {
                throw bad(source, "client.jvm-options", "holds '" + option + "', not a JVM option");
            }
        }
        return new EngineImage(engine, engine.name(), versions, bases, port, p.get("user"), p.get("database"),
                env, url, limits, limits(source, p, "client.cpus", "client.memory"), jvm, dataDir(source, p),
                flushingProfiles(engine, source, p), settings(source, p));
    }

    /** data.dir: an absolute path in the image, where storage is mounted. */
    private static String dataDir(String source, Map<String, String> p) {
        String dir = p.get("data.dir");
        if (!dir.startsWith("/") || dir.equals("/") || dir.contains(" ") || dir.contains(",") || dir.contains(":")) {
            throw bad(source, "data.dir", "'" + dir + "' is not an absolute path of a folder (no space, comma, colon)");
        }
        return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
    }

    /** flushes.<profile>=true|false for profiles of the engine: those given true. */
    private static Set<String> flushingProfiles(Engine engine, String source, Map<String, String> p) {
        Set<String> flushing = new java.util.TreeSet<>();
        p.forEach((key, value) -> {
            var m = FLUSHES.matcher(key);
            if (m.matches()) {
                if (engine.profile(m.group(1)) == null) {
                    throw bad(source, key, "names no profile of " + engine.name());
                }
                if (!value.equals("true") && !value.equals("false")) {
                    throw bad(source, key, "'" + value + "' is not true or false");
                }
                if (value.equals("true")) {
                    flushing.add(m.group(1));
                }
            }
        });
        return flushing;
    }

    /** settings.arg: words, each a pattern of key and value (%s twice, or none); settings.cmd: words. */
    private static CommandLineSettings settings(String source, Map<String, String> p) {
        List<String> arg = words(p.get("settings.arg"));
        String formatted = String.join(" ", arg.stream().map(w -> {
            try {
                return String.format(Locale.ROOT, w, "KEY", "VALUE");
            } catch (IllegalFormatException e) {
                throw bad(source, "settings.arg", "'" + p.get("settings.arg") + "' is not a pattern of key and value");
            }
        }).toList());
        if (!arg.isEmpty() && !(formatted.contains("KEY") && formatted.contains("VALUE"))) {
            throw bad(source, "settings.arg", "'" + p.get("settings.arg") + "' must place key (%s) and value (%s)");
        }
        return new CommandLineSettings(ConfigSyntax.forExtension(p.get("config.ext")), arg, words(p.get("settings.cmd")));
    }

    private static List<String> words(String text) {
        return text == null ? List.of() : Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    /** versions=V1,V2,...: each a tag's characters, none twice; the first is the default. */
    private static List<String> versions(String source, Map<String, String> p) {
        List<String> versions = Arrays.stream(p.get("versions").split(",", -1)).map(String::strip).toList();
        for (String v : versions) {
            if (!VERSION.matcher(v).matches()) {
                throw bad(source, "versions", "'" + v + "' does not match " + VERSION);
            }
        }
        if (versions.stream().distinct().count() < versions.size()) {
            throw bad(source, "versions", "'" + p.get("versions") + "' names a version twice");
        }
        return versions;
    }

    private static void check(String source, Map<String, String> p, String key, Pattern pattern) {
        if (!pattern.matcher(p.get(key)).matches()) {
            throw bad(source, key, "'" + p.get(key) + "' does not match " + pattern);
        }
    }

    private static int port(String source, String value) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw bad(source, "port", "'" + value + "' is not a TCP port");
    }

    /** A String.format pattern of host, port and database that the engine's driver takes. */
    private static String url(Engine engine, String source, String pattern) {
        String made;
        try {
            made = String.format(Locale.ROOT, pattern, "host.example", 65535, "db_name");
        } catch (IllegalFormatException e) {
            throw bad(source, "url", "'" + pattern + "' is not a pattern of host (%s), port (%d), database (%s): "
                    + e.getMessage());
        }
        if (!made.contains("host.example") || !made.contains("65535") || !made.contains("db_name")) {
            throw bad(source, "url", "'" + pattern + "' must place host (%s), port (%d) and database (%s)");
        }
        if (engine.jdbcUrlPrefixes().stream().noneMatch(made::startsWith)) {
            throw bad(source, "url", "'" + pattern + "' is not a URL of " + engine.name() + "'s driver "
                    + engine.jdbcUrlPrefixes());
        }
        return pattern;
    }

    private static ContainerLimits limits(String source, Map<String, String> p, String cpusKey, String memoryKey) {
        for (String key : List.of(cpusKey, memoryKey)) {
            if (!p.containsKey(key)) {
                throw bad(source, key, "is missing");
            }
        }
        try {
            return ContainerLimits.of(cpusKey, Double.parseDouble(p.get(cpusKey)), memoryKey, p.get(memoryKey));
        } catch (NumberFormatException e) {
            throw bad(source, cpusKey, "'" + p.get(cpusKey) + "' is not a number");
        } catch (BadInputException e) {
            throw new IllegalStateException(source + ": " + e.getMessage(), e);
        }
    }

    private static IllegalStateException bad(String source, String key, String problem) {
        return new IllegalStateException(source + ": " + key + " " + problem);
    }
}
