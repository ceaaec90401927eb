package io.benchlab.runner.core;

import java.util.regex.Pattern;

/** Removes secrets from strings that are about to be stored or printed. */
public final class Redact {

    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)([;?&:]password=)[^;&]*");
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

    /** Removes every occurrence of the secret itself, e.g. from a driver's error message. */
    public static String message(String text, Secret secret) {
        if (text == null || secret == null || secret.reveal().isEmpty()) {
            return text;
        }
        return text.replace(secret.reveal(), "***");
    }
}
