package io.benchlab.runner.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A password, kept out of every string the lab prints or stores. It comes from a file or an
 * environment variable, never from the command line.
 */
public final class Secret {

    public static final Secret NONE = new Secret("");

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    public static Secret fromFile(Path file) {
        try {
            return new Secret(Files.readString(file).strip());
        } catch (IOException e) {
            throw new BadInputException("cannot read password file " + file + ": " + FileProblem.describe(e));
        }
    }

    public static Secret fromEnv(String variable) {
        String value = System.getenv(variable);
        return value == null ? NONE : new Secret(value);
    }

    /** A fresh password for a database the lab provisions; it lives only in this process and the containers. */
    public static Secret random() {
        byte[] bytes = new byte[24];
        new java.security.SecureRandom().nextBytes(bytes);
        return new Secret(java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return value.isEmpty() ? "(none)" : "(redacted)";
    }
}
