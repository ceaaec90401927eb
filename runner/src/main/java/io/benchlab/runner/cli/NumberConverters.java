package io.benchlab.runner.cli;

import java.math.BigInteger;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Numbers in words a user reads: "'4.5' is not a whole number" instead of picocli's "is not an
 * int", and neither NaN nor Infinity passes as a number.
 */
final class NumberConverters {

    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private NumberConverters() {
    }

    static void register(CommandLine cmd) {
        ITypeConverter<Integer> ints = v -> (int) whole(v, Integer.MIN_VALUE, Integer.MAX_VALUE);
        ITypeConverter<Long> longs = v -> whole(v, Long.MIN_VALUE, Long.MAX_VALUE);
        ITypeConverter<Double> doubles = NumberConverters::decimal;
        cmd.registerConverter(Integer.class, ints);
        cmd.registerConverter(Integer.TYPE, ints);
        cmd.registerConverter(Long.class, longs);
        cmd.registerConverter(Long.TYPE, longs);
        cmd.registerConverter(Double.class, doubles);
        cmd.registerConverter(Double.TYPE, doubles);
    }

    static long whole(String value, long min, long max) {
        String text = value.strip();
        if (!WHOLE.matcher(text).matches()) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        BigInteger n = new BigInteger(text);
        if (n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new TypeConversionException("'" + value + "' is too large (at most " + max + ")");
        }
        if (n.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new TypeConversionException("'" + value + "' is too small (at least " + min + ")");
        }
        return n.longValueExact();
    }

    static double decimal(String value) {
        String text = value.strip();
        double d = DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
        if (!Double.isFinite(d)) {
            throw new TypeConversionException("'" + value + "' is not a number");
        }
        return d;
    }
}
