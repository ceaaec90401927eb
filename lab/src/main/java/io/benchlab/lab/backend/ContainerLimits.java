package io.benchlab.lab.backend;

import io.benchlab.runner.core.BadInputException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** CPU and memory limits of one container or pod; requests equal limits. */
public record ContainerLimits(double cpus, long memoryBytes) {

    private static final Pattern MEMORY = Pattern.compile("(\\d+)([kmg]?)i?b?");

    public ContainerLimits {
        if (!(cpus > 0 && Double.isFinite(cpus))) {
            throw new BadInputException("a CPU limit must be a positive number of CPUs, got " + cpus);
        }
        if (memoryBytes < 64L << 20) {
            throw new BadInputException("a memory limit must be at least 64m, got " + memoryBytes + " bytes");
        }
    }

    public long nanoCpus() {
        return Math.round(cpus * 1e9);
    }

    /** Reads {@code 512m}, {@code 2g}, {@code 2Gi}, or a number of bytes. */
    public static long parseMemory(String option, String value) {
        Matcher m = MEMORY.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new BadInputException(option + ": '" + value + "' is not a memory size (use e.g. 512m, 2g)");
        }
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), 1L << shift);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new BadInputException(option + ": '" + value + "' is too large");
        }
    }
}
