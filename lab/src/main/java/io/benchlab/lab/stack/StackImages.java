package io.benchlab.lab.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The stack's images, pinned by tag and digest in {@code images/stack/images.properties} (in the
 * lab's jar as the engines' descriptors are), and the default of {@code lab stack up}'s image options.
 */
public final class StackImages implements IDefaultValueProvider {

    static final String RESOURCE = "benchlab/images/stack/images.properties";
    private static final Properties PINS = load();

    /** InfluxDB 2.7's image. */
    public static String influxdb() {
        return pin("influxdb.image");
    }

    /** Grafana OSS's image. */
    public static String grafana() {
        return pin("grafana.image");
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (arg instanceof OptionSpec option) {
            return switch (option.longestName()) {
                case "--influxdb-image" -> influxdb();
                case "--grafana-image" -> grafana();
                default -> null;
            };
        }
        return null;
    }

    private static String pin(String key) {
        String image = PINS.getProperty(key, "").strip();
        if (!image.matches("[^\\s@]+:[^\\s@]+@sha256:[0-9a-f]{64}")) {
            throw new IllegalStateException(RESOURCE + ": " + key + " is not an image by tag and digest: " + image);
        }
        return image;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = StackImages.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not in the lab's jar: rebuild the lab");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
