package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Knobs;
import io.benchlab.runner.core.BadInputException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's knobs in their other spellings, derived from {@link WorkloadConfig}'s components, so
 * that a new knob is a component there (and in {@link Knobs}, and an option of the runner's CLI)
 * and nothing here:
 * <ul>
 *   <li>the runner's arguments, which containers and pods are started with: {@code --} and the
 *       component's name in kebab case ({@code rateTps} is {@code --rate}); a null is left out, a
 *       boolean is a flag given when true, a duration is exact milliseconds, an enum its label;</li>
 *   <li>the result's knobs: the same name ({@code Seconds} added for a duration, in seconds), an
 *       enum's label; {@code init} is not recorded (the result's load says whether data was loaded);</li>
 *   <li>back from a result's knobs, for lab rerun.</li>
 * </ul>
 */
public final class KnobCodec {

    /** The workload every knob here belongs to, as the result names it. */
    public static final String WORKLOAD = "tpcb";
    /** The one knob a result does not keep among its knobs. */
    public static final String INIT = "init";
    private static final Map<String, String> OPTION_EXCEPTIONS = Map.of("rateTps", "--rate");
    private static final String SECONDS = "Seconds";

    private KnobCodec() {
    }

    /** The runner's option for a component of {@link WorkloadConfig}. */
    public static String option(RecordComponent knob) {
        return OPTION_EXCEPTIONS.getOrDefault(knob.getName(),
                "--" + knob.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT));
    }

    /** Every knob, spelled so that the runner's own parser gives back the same config. */
    public static List<String> arguments(WorkloadConfig config) {
        List<String> args = new ArrayList<>();
        for (RecordComponent knob : WorkloadConfig.class.getRecordComponents()) {
            Object value = get(knob, config);
            if (value instanceof Boolean flag) {
                if (flag) {
                    args.add(option(knob));
                }
            } else if (value != null) {
                args.add(option(knob));
                args.add(argument(value));
            }
        }
        return args;
    }

    /** The knobs a result records. */
    public static Knobs knobs(WorkloadConfig config) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("workload", WORKLOAD);
        for (RecordComponent knob : WorkloadConfig.class.getRecordComponents()) {
            if (!knob.getName().equals(INIT)) {
                Object value = get(knob, config);
                values.put(resultName(knob), value instanceof Duration d ? (Double) (d.toNanos() / 1e9)
                        : value instanceof Enum<?> e ? label(e) : value);
            }
        }
        return construct(Knobs.class, values);
    }

    /** The config a result's knobs describe, seed included; {@code init}: reload the data first. */
    public static WorkloadConfig config(Knobs knobs, boolean init) {
        if (!WORKLOAD.equals(knobs.workload())) {
            throw new BadInputException("the result's workload is " + knobs.workload() + "; this lab runs " + WORKLOAD);
        }
        Map<String, RecordComponent> recorded = new LinkedHashMap<>();
        Arrays.stream(Knobs.class.getRecordComponents()).forEach(c -> recorded.put(c.getName(), c));
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent knob : WorkloadConfig.class.getRecordComponents()) {
            if (knob.getName().equals(INIT)) {
                values.put(INIT, init);
                continue;
            }
            Object value = get(recorded.get(resultName(knob)), knobs);
            Class<?> type = knob.getType();
            if (type == Duration.class) {
                // The knobs hold nanoseconds / 1e9, which gives the nanoseconds back exactly when rounded.
                value = value == null ? null : Duration.ofNanos(Math.round((Double) value * 1e9));
            } else if (type.isEnum() && value != null) {
                // Null: a result from before the knob, which WorkloadConfig gives its old meaning.
                value = named(type, knob.getName(), (String) value);
            }
            values.put(knob.getName(), value);
        }
        return construct(WorkloadConfig.class, values);
    }

    /** The name a knob has among a result's knobs. */
    public static String resultName(RecordComponent knob) {
        return knob.getType() == Duration.class ? knob.getName() + SECONDS : knob.getName();
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

    private static String argument(Object value) {
        if (value instanceof Duration d) {
            // Milliseconds with as many decimals as the duration has, so nothing is rounded away.
            return BigDecimal.valueOf(d.toNanos(), 6).stripTrailingZeros().toPlainString() + "ms";
        }
        if (value instanceof Double d) {
            return BigDecimal.valueOf(d).toPlainString();
        }
        return value instanceof Enum<?> e ? label(e) : value.toString();
    }

    private static Object named(Class<?> type, String knob, String label) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> label((Enum<?>) c).equals(label)).findFirst()
                .orElseThrow(() -> new BadInputException("the result's " + knob + " '" + label
                        + "' is not one this lab knows"));
    }

    private static Object get(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The record from its components' values by name; a check its constructor makes is thrown as it is. */
    private static <R extends Record> R construct(Class<R> type, Map<String, Object> values) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] args = Arrays.stream(components).map(c -> values.get(c.getName())).toArray();
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
