package io.benchlab.runner.core;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets from strings that are about to be stored or printed. The same patterns find a
 * password in a JDBC URL for the CLI to refuse, so what is refused is always what is redacted.
 */
public final class Redact {

    /**
     * Any URL property whose name ends in "password" (password, PASSWORD, sslpassword, password1,
     * bootPassword, trustCertificateKeyStorePassword), after ? & ; ( or :, as the drivers write them.
     */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)([;?&:(]\\s*([\\w.-]*password\\d*)\\s*=)[^;&]*");
    /** {@code //user:secret@host}, the password in the URL's user info (possibly empty). */
    private static final Pattern URL_USERINFO =
            Pattern.compile("(//[^/@:;?]+):[^/@]*@");

    private Redact() {
    }

    /** {@code jdbc:postgresql://u:pw@h/db?password=pw} becomes {@code jdbc:postgresql://u:***@h/db?password=***}. */
    public static String jdbcUrl(String url) {
        if (url == null) {
            return null;
        }
        String out = URL_PASSWORD.matcher(url).replaceAll("$1***");
        return URL_USERINFO.matcher(out).replaceAll("$1:***@");
    }

    /** Where a URL carries a password, named without its value: {@code sslpassword=} or {@code user:password@}. */
    public static Optional<String> passwordIn(String url) {
        if (url == null) {
            return Optional.empty();
        }
        Matcher property = URL_PASSWORD.matcher(url);
        if (property.find()) {
            return Optional.of(property.group(2) + "=");
        }
        return URL_USERINFO.matcher(url).find() ? Optional.of("user:password@") : Optional.empty();
    }

    /** Removes every occurrence of the secret itself, e.g. from a driver's error message. */
    public static String message(String text, Secret secret) {
        if (text == null || secret == null || secret.reveal().isEmpty()) {
            return text;
        }
        return text.replace(secret.reveal(), "***");
    }
}
