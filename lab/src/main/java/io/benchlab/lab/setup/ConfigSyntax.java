package io.benchlab.lab.setup;

import io.benchlab.runner.core.BadInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The syntax of a server engine's own configuration files, by their extension (the descriptor's
 * {@code config.ext}), read as KEY=VALUE pairs: how {@code --db-config} takes a fragment in the
 * syntax the engine's users know. A key given twice keeps its last value, as the servers do.
 */
public enum ConfigSyntax {

    /** postgresql.conf: {@code key = value} or {@code key = 'value'} ('' in quotes is one '), # comments. */
    POSTGRESQL_CONF("conf") {
        private final Pattern line = Pattern.compile("(" + KEY + ")\\s*=?\\s*('(?:[^']|'')*'|[^\\s'#]+)\\s*(?:#.*)?");

        @Override
        Entry entry(String text) {
            return matched(line, text, v -> v.startsWith("'") ? v.substring(1, v.length() - 1).replace("''", "'") : v);
        }
    },

    /**
     * my.cnf: {@code key=value} lines, a bare {@code key} meaning 1 (a flag), # and ; comments;
     * lines before any section header, and those of the server's sections ([mysqld], [server] and the
     * names the forks give it),
     * are the server's; other sections' lines are another program's and are skipped.
     */
    CNF("cnf") {
        private final Pattern line = Pattern.compile("(" + KEY + ")\\s*(?:=\\s*(\"[^\"]*\"|'[^']*'|[^\"'#;]*?))?\\s*(?:[#;].*)?");
        private final Pattern section = Pattern.compile("\\[\\s*([A-Za-z0-9_.-]+)\\s*]\\s*(?:[#;].*)?");
        private final Pattern servers = Pattern.compile("mysqld|mariadbd?|server", Pattern.CASE_INSENSITIVE);

        @Override
        boolean comment(String text) {
            return super.comment(text) || text.startsWith(";");
        }

        @Override
        Boolean section(String text) {
            Matcher m = section.matcher(text);
            return m.matches() ? servers.matcher(m.group(1)).matches() : null;
        }

        @Override
        Entry entry(String text) {
            return matched(line, text, v -> {
                if (v == null) {
                    return "1";
                }
                boolean quoted = v.length() >= 2 && (v.startsWith("\"") || v.startsWith("'"));
                String value = quoted ? v.substring(1, v.length() - 1) : v;
                return value.isEmpty() ? null : value;
            });
        }
    },

    /** Java properties (the Java server's): {@code key=value} or {@code key: value}, # and ! comments. */
    PROPERTIES("properties") {
        @Override
        boolean comment(String text) {
            return super.comment(text) || text.startsWith("!");
        }

        @Override
        Entry entry(String text) {
            if (!text.contains("=") && !text.contains(":") || text.endsWith("\\")) {
                return null;
            }
            Properties one = new Properties();
            try {
                one.load(new java.io.StringReader(text));
            } catch (java.io.IOException | IllegalArgumentException e) {
                return null;
            }
            String key = one.stringPropertyNames().stream().findFirst().orElse("");
            String value = one.getProperty(key, "").strip();
            return KEY_PATTERN.matcher(key).matches() && !value.isEmpty() ? new Entry(key, value) : null;
        }
    };

    /** A setting's name in every syntax here: letters, digits, _, - and . (mysqld's dashes, Java properties' dots). */
    static final String KEY = "[A-Za-z_][A-Za-z0-9_.-]*";
    static final Pattern KEY_PATTERN = Pattern.compile(KEY);

    private final String extension;

    ConfigSyntax(String extension) {
        this.extension = extension;
    }

    /** The syntax of the configuration files with this extension (a descriptor's {@code config.ext}). */
    public static ConfigSyntax forExtension(String extension) {
        for (ConfigSyntax s : values()) {
            if (s.extension.equals(extension)) {
                return s;
            }
        }
        throw new IllegalStateException("no configuration syntax reads ." + extension + " files; known: "
                + List.of(values()).stream().map(s -> s.extension).toList());
    }

    /** The file's settings in order; a line that does not parse is bad input naming SOURCE and its number. */
    public Map<String, String> parse(List<String> lines, String source) {
        Map<String, String> settings = new LinkedHashMap<>();
        boolean taken = true;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (text.isEmpty() || comment(text)) {
                continue;
            }
            Boolean server = section(text);
            if (server != null) {
                taken = server;
                continue;
            }
            Entry entry = entry(text);
            if (entry == null) {
                throw new BadInputException(source + ":" + (i + 1) + ": not a setting in " + name().toLowerCase(
                        java.util.Locale.ROOT).replace('_', '.') + " syntax: " + text);
            }
            if (taken) {
                settings.put(entry.key(), entry.value());
            }
        }
        return settings;
    }

    boolean comment(String text) {
        return text.startsWith("#");
    }

    /** Whether TEXT is a section header whose lines are taken (true), skipped (false), or no header (null). */
    Boolean section(String text) {
        return null;
    }

    /** The setting on the line, or null when the line is not one. */
    abstract Entry entry(String text);

    /** The key (group 1) and value (group 2, as SPELLED gives it) of a line LINE matches; null when not, or no value. */
    static Entry matched(Pattern line, String text, java.util.function.UnaryOperator<String> spelled) {
        Matcher m = line.matcher(text);
        if (!m.matches()) {
            return null;
        }
        String value = spelled.apply(m.group(2));
        return value == null ? null : new Entry(m.group(1), value);
    }

    record Entry(String key, String value) {
    }
}
