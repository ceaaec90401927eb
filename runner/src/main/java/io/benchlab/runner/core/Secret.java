package io.benchlab.runner.core;

import io.benchlab.runner.Defaults;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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

    /** The file's text without surrounding white space; a folder, an empty file or a large one is refused. */
    public static Secret fromFile(Path file) {
        return fromFile(file, "password");
    }

    /** As {@link #fromFile(Path)}, for a secret of another kind ({@code token}), named so in messages. */
    public static Secret fromFile(Path file, String kind) {
        if (Files.isDirectory(file)) {
            throw new BadInputException("cannot read " + kind + " file " + file + ": it is a directory");
        }
        byte[] bytes;
        // Read no more than a password can be: --password-file /dev/zero must not fill the heap.
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(Defaults.MAX_PASSWORD_FILE_BYTES + 1);
        } catch (IOException e) {
            throw new BadInputException("cannot read " + kind + " file " + file + ": " + FileProblem.describe(e));
        }
        if (bytes.length > Defaults.MAX_PASSWORD_FILE_BYTES) {
            throw new BadInputException(kind + " file " + file + " is larger than " + Defaults.MAX_PASSWORD_FILE_BYTES
                    + " bytes; is it the right file?");
        }
        String password = new String(bytes, StandardCharsets.UTF_8).strip();
        if (password.isEmpty()) {
            throw new BadInputException(kind + " file " + file + " is empty" + ("password".equals(kind)
                    ? "; leave --password-file out for no password" : ""));
        }
        return new Secret(password);
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
