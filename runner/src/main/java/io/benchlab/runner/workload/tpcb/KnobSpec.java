package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Knobs;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One knob as its {@link Knob} declaration on {@link WorkloadConfig} makes it, in each of its
 * spellings: the value a config holds (a {@link Duration}, an enum...), its text as an option takes
 * it, and its JSON value among a result's knobs. Messages name it by its long option ({@code --rate}),
 * and lab compare's differences without the dashes ({@code rate}); its key in a result is its
 * component's name in snake case, with
 * {@code _seconds} for a duration ({@code rate_tps}, {@code warmup_seconds}).
 */
public record KnobSpec(RecordComponent component, Knob declared) {

    private static final List<KnobSpec> ALL = Arrays.stream(WorkloadConfig.class.getRecordComponents())
            .map(c -> new KnobSpec(c, c.getAnnotation(Knob.class))).toList();

    public KnobSpec {
        if (declared == null) {
            throw new IllegalStateException("WorkloadConfig." + component.getName() + " has no @Knob declaration");
        }
    }

    /** Every knob, in the order of {@link WorkloadConfig}'s components. */
    public static List<KnobSpec> all() {
        return ALL;
    }

    /** The knob of the component FIELD ({@code rateTps}). */
    public static KnobSpec of(String field) {
        return ALL.stream().filter(k -> k.field().equals(field)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no knob " + field));
    }

    /** The component's name, which a map of a config's values is keyed by. */
    public String field() {
        return component.getName();
    }

    public Class<?> type() {
        return component.getType();
    }

    /** Every name of the option, a short one first. */
    public String[] names() {
        String[] names = declared.names();
        return names.length > 0 ? names.clone()
                : new String[] {"--" + field().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT)};
    }

    /** The long option ({@code --rate}). */
    public String option() {
        String[] names = names();
        return names[names.length - 1];
    }

    /** The knob's name in messages: its long option without the dashes ({@code rate}). */
    public String name() {
        return option().substring(2);
    }

    public boolean recorded() {
        return !declared.result().equals(Knob.NOT_RECORDED);
    }

    /** The knob's key among a result's knobs ({@code rate_tps}, {@code warmup_seconds}). */
    public String resultKey() {
        String snake = field().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
        return type() == Duration.class ? snake + "_seconds" : snake;
    }

    public boolean flag() {
        return type() == boolean.class;
    }

    /** The value the declaration gives when none is: its default, else null (false for a flag). */
    public Object defaultValue() {
        if (declared.defaults().equals(Knob.NONE)) {
            return flag() ? Boolean.FALSE : null;
        }
        return parse(declared.defaults());
    }

    /** The config's value of this knob. */
    public Object value(WorkloadConfig config) {
        try {
            return component.getAccessor().invoke(config);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A value given as the option takes it; bad input names the option. */
    public Object parse(String text) {
        Class<?> type = type();
        if (type.isEnum()) {
            return choice(text);
        }
        if (type == RateSteps.class) {
            return RateSteps.parse(option(), text);
        }
        if (type == RateRamp.class) {
            return RateRamp.parse(option(), text);
        }
        if (type == Duration.class) {
            try {
                return Durations.parse(text);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(option() + ": " + e.getMessage());
            }
        }
        try {
            if (type == int.class || type == Integer.class) {
                return Integer.valueOf(text.strip());
            }
            if (type == long.class || type == Long.class) {
                return Long.valueOf(text.strip());
            }
            if (type == double.class || type == Double.class) {
                return Double.valueOf(text.strip());
            }
        } catch (NumberFormatException e) {
            throw new BadInputException(option() + ": '" + text + "' is not a number");
        }
        if (type == boolean.class) {
            return Boolean.valueOf(text.strip());
        }
        throw new IllegalStateException("a knob of type " + type + ": teach KnobSpec to read it");
    }

    /** Refuses a value below the declared least one. */
    public void check(Object value) {
        if (value instanceof Number n && n.longValue() < declared.min()) {
            throw new BadInputException(option() + " must be at least " + declared.min() + ", got " + value);
        }
    }

    /** The value as the option takes it, so that the runner's parser gives it back exactly. */
    public String argument(Object value) {
        if (value instanceof Duration d) {
            // Milliseconds with as many decimals as the duration has, so nothing is rounded away.
            return BigDecimal.valueOf(d.toNanos(), 6).stripTrailingZeros().toPlainString() + "ms";
        }
        if (value instanceof Double d) {
            return BigDecimal.valueOf(d).toPlainString();
        }
        return value instanceof Enum<?> e ? label(e) : value.toString();
    }

    /** The value for a message, as a user would give it ({@code 250ms}, {@code 500}); {@code (none)} for none. */
    public static String show(Object value) {
        if (value == null) {
            return "(none)";
        }
        if (value instanceof Duration d) {
            return Durations.text(d);
        }
        if (value instanceof Double d) {
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
        return value instanceof Enum<?> e ? label(e) : value.toString();
    }

    /** The value as a result records it: a duration in seconds, an enum by its label, a rate profile as its option's text. */
    public Object recordedValue(Object value) {
        if (value instanceof Duration d) {
            return d.toNanos() / 1e9;
        }
        if (textual(value.getClass())) {
            return value.toString();
        }
        return value instanceof Enum<?> e ? label(e) : value;
    }

    /**
     * The value a result's knobs hold, as a config holds it; a result that lacks the knob ran with
     * what its declaration says of its absence, else with none.
     */
    public Object recordedIn(Knobs knobs) {
        Object value = knobs.get(resultKey());
        if (value == null) {
            return declared.absent().equals(Knob.NONE) ? null : parse(declared.absent());
        }
        Class<?> type = type();
        if (type == Duration.class && value instanceof Number seconds) {
            // The knobs hold nanoseconds / 1e9, which gives the nanoseconds back exactly when rounded.
            return Duration.ofNanos(Math.round(seconds.doubleValue() * 1e9));
        }
        if (type.isEnum() && value instanceof String label) {
            return Arrays.stream(type.getEnumConstants()).filter(c -> label((Enum<?>) c).equals(label)).findFirst()
                    .orElseThrow(() -> new BadInputException("the result's " + resultKey() + " '" + label
                            + "' is not one this lab knows"));
        }
        if (textual(type) && value instanceof String text) {
            return parse(text);
        }
        if ((type == int.class || type == Integer.class) && value instanceof Long n) {
            return Math.toIntExact(n);
        }
        if ((type == double.class || type == Double.class) && value instanceof Number n) {
            return n.doubleValue();
        }
        if (!(type.isPrimitive() ? wrapper(type) : type).isInstance(value)) {
            throw new BadInputException("the result's " + resultKey() + " " + value + " is not a " + type.getSimpleName());
        }
        return value;
    }

    /**
     * Whether a knob of TYPE is a value that the option and the result both spell as text
     * ({@code 1000,2000}, {@code 500..8000}), its {@code toString}, which {@link #parse} reads back.
     */
    public static boolean textual(Class<?> type) {
        return type == RateSteps.class || type == RateRamp.class;
    }

    /** An enum's label ({@code label()} where it has one, else its name in lower case, words joined by -). */
    public static String label(Enum<?> value) {
        try {
            return (String) value.getDeclaringClass().getMethod("label").invoke(value);
        } catch (NoSuchMethodException e) {
            return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The constant of that name in any case, with -, _ or a space between words: "Read Committed". */
    private Object choice(String text) {
        String wanted = text.strip().toUpperCase(Locale.ROOT).replaceAll("[-\\s]+", "_");
        Object[] constants = type().getEnumConstants();
        return Arrays.stream(constants).filter(c -> ((Enum<?>) c).name().equals(wanted)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown " + option() + " '" + text + "'; choose one of "
                        + Arrays.stream(constants).map(c -> label((Enum<?>) c)).collect(Collectors.joining(", "))));
    }

    private static Class<?> wrapper(Class<?> primitive) {
        return primitive == long.class ? Long.class : primitive == boolean.class ? Boolean.class
                : primitive == int.class ? Integer.class : Double.class;
    }
}
