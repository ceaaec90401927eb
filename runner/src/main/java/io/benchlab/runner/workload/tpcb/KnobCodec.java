package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Knobs;
import io.benchlab.runner.core.BadInputException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's knobs as a whole, in their other forms, made from each knob's declaration
 * ({@link KnobSpec}), so that a new knob is a component of {@link WorkloadConfig} and nothing here:
 * <ul>
 *   <li>a config from values by component name, each checked against its declaration;</li>
 *   <li>the runner's arguments, which containers and pods are started with: a null is left out,
 *       a boolean is a flag given when true, a duration is exact milliseconds, an enum its label;</li>
 *   <li>the result's knobs, and back from them for lab rerun; {@code init} is not recorded (the
 *       result's load says whether data was loaded).</li>
 * </ul>
 */
public final class KnobCodec {

    /** The workload every knob here belongs to, as the result names it. */
    public static final String WORKLOAD = "tpcb";
    /** Its key among a result's knobs, which come first. */
    public static final String WORKLOAD_KEY = "workload";

    private KnobCodec() {
    }

    /**
     * The config of these values, by component name, each of the knob's type or as its option takes
     * it ({@code "500ms"}); a knob not among them takes its declared default. Each value is checked
     * against its declaration, then the config checks the rest.
     */
    public static WorkloadConfig config(Map<String, ?> values) {
        Map<String, Object> all = new LinkedHashMap<>();
        for (KnobSpec knob : KnobSpec.all()) {
            Object value = values.containsKey(knob.field()) ? values.get(knob.field()) : knob.defaultValue();
            if (value instanceof String text) {
                value = knob.parse(text);
            }
            if (value == null && !knob.declared().optional()) {
                throw new BadInputException(knob.option() + " has no value");
            }
            knob.check(value);
            all.put(knob.field(), value);
        }
        List<String> unknown = new ArrayList<>(values.keySet());
        unknown.removeAll(all.keySet());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("no knob " + unknown.get(0) + " in WorkloadConfig");
        }
        return construct(all);
    }

    /** CONFIG with --scale SCALE given. */
    public static WorkloadConfig withScale(WorkloadConfig config, int scale) {
        return with(config, "scale", scale);
    }

    /**
     * CONFIG with one knob, by its component's name ({@code "rateTps"}), set to VALUE, of the knob's
     * type or as its option takes it ({@code "250"}); checked as every knob is, then the config as a whole.
     */
    public static WorkloadConfig with(WorkloadConfig config, String knob, Object value) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (KnobSpec each : KnobSpec.all()) {
            values.put(each.field(), each.value(config));
        }
        if (!values.containsKey(knob)) {
            throw new IllegalArgumentException("no knob " + knob + " in WorkloadConfig");
        }
        values.put(knob, value);
        return config(values);
    }

    /** Every knob, spelled so that the runner's own parser gives back the same config. */
    public static List<String> arguments(WorkloadConfig config) {
        List<String> args = new ArrayList<>();
        for (KnobSpec knob : KnobSpec.all()) {
            Object value = knob.value(config);
            if (value instanceof Boolean flag) {
                if (flag) {
                    args.add(knob.option());
                }
            } else if (value != null) {
                args.add(knob.option());
                args.add(knob.argument(value));
            }
        }
        return args;
    }

    /** The knobs a result records. */
    public static Knobs knobs(WorkloadConfig config) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(WORKLOAD_KEY, WORKLOAD);
        for (KnobSpec knob : KnobSpec.all()) {
            if (knob.recorded()) {
                Object value = knob.value(config);
                values.put(knob.resultKey(), value == null ? null : knob.recordedValue(value));
            }
        }
        return Knobs.of(values);
    }

    /**
     * The config a result's knobs describe, seed included; {@code init}: reload the data first. A
     * knob the result predates is what its declaration says of its absence.
     */
    public static WorkloadConfig config(Knobs knobs, boolean init) {
        if (!WORKLOAD.equals(knobs.workload())) {
            throw new BadInputException("the result's workload is " + knobs.workload() + "; this lab runs " + WORKLOAD);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (KnobSpec knob : KnobSpec.all()) {
            Object value = knob.recorded() ? knob.recordedIn(knobs) : init;
            if (value == null && !knob.declared().optional()) {
                throw new BadInputException("the result's knobs have no " + knob.resultKey());
            }
            values.put(knob.field(), value);
        }
        return config(values);
    }

    /** The record from its components' values by name; a check its constructor makes is thrown as it is. */
    private static WorkloadConfig construct(Map<String, Object> values) {
        RecordComponent[] components = WorkloadConfig.class.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] args = Arrays.stream(components).map(c -> values.get(c.getName())).toArray();
        try {
            Constructor<WorkloadConfig> canonical = WorkloadConfig.class.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new IllegalStateException("a value of the wrong type for WorkloadConfig: " + values, e);
        }
    }
}
