package io.benchlab.lab.setup;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the value a server reports for a setting is the value it was given, in another
 * spelling: booleans (on, true, yes, 1 and off, false, no, 0, in any case), sizes (256MB, 256M,
 * 262144kB and 268435456 are one size) and times (1s, 1000ms). A bare number counts the setting's
 * unit where the server names one (pg_settings: 8kB for shared_buffers), else bytes or
 * milliseconds as the other side's unit says, else itself. Anything else is compared as text, in
 * any case, outer quotes aside.
 */
public final class SettingValues {

    private static final Map<String, Boolean> BOOLEANS = Map.of("on", true, "true", true, "yes", true, "1", true,
            "off", false, "false", false, "no", false, "0", false);
    private static final Pattern AMOUNT = Pattern.compile("(-?\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)");
    /** Size units in bytes (1024-based, as PostgreSQL and mysqld read them); upper case for lookup. */
    private static final Map<String, Long> SIZES = Map.of("B", 1L, "K", 1L << 10, "KB", 1L << 10, "M", 1L << 20,
            "MB", 1L << 20, "G", 1L << 30, "GB", 1L << 30, "T", 1L << 40, "TB", 1L << 40);
    /** Time units in microseconds, as PostgreSQL spells them (case matters: min, not MIN, but we do not mind). */
    private static final Map<String, Long> TIMES = Map.of("US", 1L, "MS", 1_000L, "S", 1_000_000L,
            "MIN", 60_000_000L, "H", 3_600_000_000L, "D", 86_400_000_000L);

    private SettingValues() {
    }

    /** True when REPORTED is GIVEN; UNIT: what a bare number counts, as the server says (null: not said). */
    public static boolean same(String given, String reported, String unit) {
        String a = unquoted(given);
        String b = unquoted(reported);
        if (a.equalsIgnoreCase(b)) {
            return true;
        }
        Boolean ba = BOOLEANS.get(a.toLowerCase(Locale.ROOT));
        Boolean bb = BOOLEANS.get(b.toLowerCase(Locale.ROOT));
        if (ba != null && bb != null) {
            return ba.equals(bb);
        }
        for (Map<String, Long> units : new Map[] {SIZES, TIMES}) {
            BigDecimal va = amount(a, unit, units);
            BigDecimal vb = amount(b, unit, units);
            if (va != null && vb != null && (hasUnit(a, units) || hasUnit(b, units) || unitOf(unit, units) != null)) {
                return va.compareTo(vb) == 0;
            }
        }
        return false;
    }

    /** The value in the family's smallest unit; a bare number counts UNIT (or 1); null when not an amount of it. */
    private static BigDecimal amount(String text, String unit, Map<String, Long> units) {
        Matcher m = AMOUNT.matcher(text);
        if (!m.matches()) {
            return null;
        }
        BigDecimal number = new BigDecimal(m.group(1));
        if (!m.group(2).isEmpty()) {
            Long scale = units.get(m.group(2).toUpperCase(Locale.ROOT));
            return scale == null ? null : number.multiply(BigDecimal.valueOf(scale));
        }
        BigDecimal base = unitOf(unit, units);
        return number.multiply(base == null ? BigDecimal.ONE : base);
    }

    private static boolean hasUnit(String text, Map<String, Long> units) {
        Matcher m = AMOUNT.matcher(text);
        return m.matches() && !m.group(2).isEmpty() && units.containsKey(m.group(2).toUpperCase(Locale.ROOT));
    }

    /** A server's unit of a bare number (8kB, ms) in the family's smallest unit; null when not of this family. */
    private static BigDecimal unitOf(String unit, Map<String, Long> units) {
        return unit == null ? null : amount(unit.matches("\\d.*") ? unit : "1" + unit, null, units);
    }

    private static String unquoted(String value) {
        String v = value == null ? "" : value.strip();
        if (v.length() >= 2 && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
            v = v.substring(1, v.length() - 1).strip();
        }
        return v;
    }
}
