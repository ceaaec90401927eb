package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.util.List;
import java.util.stream.Collectors;

/** A --jdbc-url carries no password and is one the engine's driver takes; checked before anything connects. */
final class JdbcUrls {

    private JdbcUrls() {
    }

    static void check(Engine engine, String url) {
        String expected = orList(engine.jdbcUrlPrefixes());
        if (url.isBlank()) {
            throw new BadInputException("--jdbc-url is empty; for --engine " + engine.name() + " it starts with "
                    + expected);
        }
        Redact.passwordIn(url).ifPresent(where -> {
            throw new BadInputException("--jdbc-url carries a password (" + where + "); take it out and give the"
                    + " password with --password-file FILE or $" + Defaults.PASSWORD_ENV);
        });
        if (engine.jdbcUrlPrefixes().stream().anyMatch(url::startsWith)) {
            return;
        }
        if (!url.startsWith("jdbc:")) {
            throw new BadInputException("--jdbc-url " + url + " is not a JDBC URL; for --engine " + engine.name()
                    + " it starts with " + expected);
        }
        List<String> fitting = Engines.forUrl(url).stream().map(Engine::name).toList();
        throw new BadInputException("--engine " + engine.name() + " takes a --jdbc-url starting with " + expected
                + ", not " + start(url, engine.jdbcUrlPrefixes().get(0))
                + (fitting.isEmpty() ? "" : " (for that URL use --engine " + orList(fitting) + ")"));
    }

    /**
     * As much of the URL as the expected prefix has parts: {@code jdbc:postgresql:} against
     * {@code jdbc:hsqldb:}, {@code jdbc:hsqldb:mem:} against {@code jdbc:hsqldb:hsql:}.
     */
    private static String start(String url, String prefix) {
        int parts = (int) prefix.chars().filter(c -> c == ':').count();
        StringBuilder start = new StringBuilder();
        for (String part : url.split(":", -1)) {
            if (parts-- == 0 || !part.matches("[A-Za-z0-9+.-]+")) {
                break;
            }
            start.append(part).append(':');
        }
        return start.toString();
    }

    private static String orList(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return items.subList(0, items.size() - 1).stream().collect(Collectors.joining(", ")) + " or "
                + items.get(items.size() - 1);
    }
}
