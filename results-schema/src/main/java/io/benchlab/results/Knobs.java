package io.benchlab.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every workload setting that shapes the figures, including the seed, so that a run can be
 * repeated exactly: one JSON value per knob, by its name in the result ({@code rate_tps}), in the
 * order the runner declares its knobs. Which knobs there are, their types, and what a knob that an
 * older result lacks means, are the runner's declarations (its {@code WorkloadConfig}, from which
 * the schema's knobs are generated); this model only keeps the values, so a new knob needs no edit
 * here. A value is a string, a boolean, a whole number (a {@code Long}) or a {@code Double}; a knob
 * without a value (no rate, no duration) is left out. The lab reads a few knobs itself and has
 * accessors for them.
 */
public final class Knobs {

    private final Map<String, Object> values;

    private Knobs(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** The knobs with these values, in this order; nulls are left out, whole numbers kept as longs. */
    @JsonCreator
    public static Knobs of(Map<String, ?> values) {
        Map<String, Object> kept = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (value != null) {
                kept.put(name, normal(name, value));
            }
        });
        return new Knobs(kept);
    }

    /** Every knob the result holds, in its order. */
    public Map<String, Object> values() {
        return values;
    }

    /** The value of the knob the result calls NAME, or null when it holds none. */
    public Object get(String name) {
        return values.get(name);
    }

    /** The same knobs with NAME set to VALUE (removed when null), in place or else last. */
    public Knobs with(String name, Object value) {
        Map<String, Object> changed = new LinkedHashMap<>(values);
        changed.put(name, value);
        return of(changed);
    }

    public String workload() {
        return (String) get("workload");
    }

    /** The branches the run had: its scale, or one per client when the result holds none (see {@link #scaleFollowsClients}). */
    public int scale() {
        return scaleFollowsClients() ? Math.max(1, clients()) : whole("scale");
    }

    /** True when no --scale was given and the run had one branch per client, as the runner derives it. */
    public boolean scaleFollowsClients() {
        return get("scale") == null;
    }

    public int clients() {
        return whole("clients");
    }

    public Double durationSeconds() {
        return number("duration_seconds");
    }

    public Long transactionsPerClient() {
        return (Long) get("transactions_per_client");
    }

    /** The --warmup given, in seconds; 0 when none was (the warm-up lasted until the client was warm: see the result's warmup). */
    public double warmupSeconds() {
        return orZero(number("warmup_seconds"));
    }

    public Double rateTps() {
        return number("rate_tps");
    }

    public int rounds() {
        return whole("rounds");
    }

    public long seed() {
        Object seed = get("seed");
        return seed == null ? 0 : (Long) seed;
    }

    /** A knob's value as text (a string's own, a number's or a boolean's as Java writes it), or null. */
    public String text(String name) {
        Object value = get(name);
        return value == null ? null : value.toString();
    }

    /** A boolean knob; false when the result holds none. */
    public boolean flag(String name) {
        return Boolean.TRUE.equals(get(name));
    }

    /** As JSON: the values in their order (a map would be written with its keys sorted). */
    @JsonValue
    ObjectNode json() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        values.forEach((name, value) -> {
            if (value instanceof Long n) {
                node.put(name, n);
            } else if (value instanceof Double d) {
                node.put(name, d);
            } else if (value instanceof Boolean b) {
                node.put(name, b);
            } else {
                node.put(name, (String) value);
            }
        });
        return node;
    }

    private int whole(String name) {
        Object value = get(name);
        return value == null ? 0 : Math.toIntExact((Long) value);
    }

    private Double number(String name) {
        Object value = get(name);
        return value == null ? null : ((Number) value).doubleValue();
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

    private static Object normal(String name, Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float || value instanceof Double) {
            return ((Number) value).doubleValue();
        }
        if (value instanceof String || value instanceof Boolean) {
            return value;
        }
        throw new IllegalArgumentException("knob " + name + ": " + value + " is not a string, boolean or number");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Knobs k && values.equals(k.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Knobs" + values;
    }
}
