package io.benchlab.lab.images;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.core.BadInputException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** CPU and memory limits of one container or pod; requests equal limits. */
public record ContainerLimits(double cpus, long memoryBytes) {

    /** As Docker reads a size: a number, possibly with decimals, then b, k, m, g or t, with an optional i and b. */
    private static final Pattern MEMORY = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)i?b?");

    public ContainerLimits {
        checkCpus("the CPU limit", cpus);
        checkMemory("the memory limit", memoryBytes, memoryBytes + " bytes");
    }

    /** The limits as given on the command line, each message naming its flag. */
    public static ContainerLimits of(String cpusOption, double cpus, String memoryOption, String memory) {
        checkCpus(cpusOption, cpus);
        long bytes = parseMemory(memoryOption, memory);
        checkMemory(memoryOption, bytes, memory);
        return new ContainerLimits(cpus, bytes);
    }

    /**
     * These limits with the flags that were given in their place (null: not given), each checked
     * and named in its message.
     */
    public ContainerLimits with(String cpusOption, Double cpus, String memoryOption, String memory) {
        return new ContainerLimits(cpus == null ? this.cpus : checkedCpus(cpusOption, cpus),
                memory == null ? memoryBytes : checkedMemory(memoryOption, memory));
    }

    /** A CPU limit as given on the command line, checked; its message names the flag. */
    public static double checkedCpus(String option, double cpus) {
        checkCpus(option, cpus);
        return cpus;
    }

    /** A memory limit as given on the command line, in bytes, checked; its message names the flag. */
    public static long checkedMemory(String option, String memory) {
        long bytes = parseMemory(option, memory);
        checkMemory(option, bytes, memory);
        return bytes;
    }

    public long nanoCpus() {
        return Math.round(cpus * 1e9);
    }

    /** Reads {@code 512m}, {@code 1.5g}, {@code 2Gi}, {@code 2 GB}, or a number of bytes. */
    public static long parseMemory(String option, String value) {
        Matcher m = MEMORY.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new BadInputException(option + ": '" + value + "' is not a memory size (use e.g. 512m, 2g)");
        }
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        try {
            return new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(1L << shift)).toBigInteger().longValueExact();
        } catch (ArithmeticException e) {
            throw new BadInputException(option + ": '" + value + "' is too large");
        }
    }

    private static void checkCpus(String option, double cpus) {
        if (!(cpus >= LabDefaults.MIN_CPUS && Double.isFinite(cpus))) {
            throw new BadInputException(option + " must be at least " + LabDefaults.MIN_CPUS + " CPUs, got "
                    + (Double.isFinite(cpus) ? BigDecimal.valueOf(cpus).stripTrailingZeros().toPlainString() : cpus));
        }
    }

    private static void checkMemory(String option, long bytes, String given) {
        long min = parseMemory("the minimum", LabDefaults.MIN_MEMORY);
        if (bytes < min) {
            throw new BadInputException(option + " must be at least " + LabDefaults.MIN_MEMORY + ", got " + given);
        }
    }
}
