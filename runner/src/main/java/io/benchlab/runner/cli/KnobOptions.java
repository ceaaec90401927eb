package io.benchlab.runner.cli;

import io.benchlab.runner.workload.tpcb.Knob;
import io.benchlab.runner.workload.tpcb.KnobSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A mixin of options made from knob declarations ({@link KnobSpec}) rather than annotated fields,
 * holding their values by component name. picocli builds a command from annotations; a subclass's
 * {@code @Command(modelTransformer = KnobOptions.Declared.class)} has picocli add the knobs'
 * options to every command that mixes it in, however deep. A command with a model transformer of
 * its own overrides the mixin's, and calls {@link #addTo} first (lab sweep, through
 * {@link WorkloadOptions#addOptions}). The options stay in picocli's model like annotated ones,
 * with their help and defaults, for --help and anything that reads the model.
 */
public abstract class KnobOptions {

    private final List<KnobSpec> knobs;
    private final Map<String, Object> values = new LinkedHashMap<>();

    protected KnobOptions(List<KnobSpec> knobs) {
        this.knobs = List.copyOf(knobs);
    }

    /** The value given for each knob (its default when not given; an enum's as text), by component name. */
    Map<String, Object> values() {
        return values;
    }

    /** A whole-number knob's value, checked against its declaration. */
    int checkedInt(String field) {
        Object value = values.get(field);
        KnobSpec.of(field).check(value);
        return (Integer) value;
    }

    /** Adds to COMMAND the options of every knob mixin in it, however deep. */
    public static CommandSpec addTo(CommandSpec command) {
        for (KnobOptions mixin : mixedIn(command)) {
            mixin.knobs.forEach(k -> command.addOption(mixin.option(k)));
        }
        return command;
    }

    private static List<KnobOptions> mixedIn(CommandSpec spec) {
        List<KnobOptions> found = new ArrayList<>();
        if (spec.userObject() instanceof KnobOptions mixin) {
            found.add(mixin);
        }
        spec.mixins().values().forEach(m -> found.addAll(mixedIn(m)));
        return found;
    }

    /** picocli's hook: named by the mixins' {@code @Command}, applied to each command that mixes them in. */
    public static final class Declared implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            return addTo(spec);
        }
    }

    private OptionSpec option(KnobSpec knob) {
        Knob declared = knob.declared();
        OptionSpec.Builder option = OptionSpec.builder(knob.names()).description(declared.help())
                .setter(new ISetter() {
                    @Override
                    public <T> T set(T value) {
                        values.put(knob.field(), value);
                        return null;
                    }
                })
                .getter(new IGetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T get() {
                        return (T) values.get(knob.field());
                    }
                });
        if (knob.flag()) {
            return option.type(boolean.class).arity("0").initialValue(false).build();
        }
        option.paramLabel(declared.label()).type(optionType(knob.type())).initialValue(null);
        if (knob.type() == Duration.class) {
            option.converters(new DurationConverter());
        }
        if (!declared.defaults().equals(Knob.NONE)) {
            option.defaultValue(declared.defaults());
        }
        return option.build();
    }

    /**
     * An enum, and a rate profile, are read as text and made by {@link KnobSpec#parse}, whose bad
     * input is one line; numbers boxed.
     */
    private static Class<?> optionType(Class<?> type) {
        if (type.isEnum() || KnobSpec.textual(type)) {
            return String.class;
        }
        if (type == int.class) {
            return Integer.class;
        }
        if (type == long.class) {
            return Long.class;
        }
        return type == double.class ? Double.class : type;
    }
}
