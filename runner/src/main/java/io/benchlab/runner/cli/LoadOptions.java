package io.benchlab.runner.cli;

import io.benchlab.runner.workload.tpcb.KnobSpec;
import io.benchlab.runner.Defaults;
import java.util.List;
import picocli.CommandLine.Command;

/** What {@code init} needs, and {@code run} too when it loads: the knobs of a load, as their declarations make them. */
@Command(modelTransformer = KnobOptions.Declared.class)
public final class LoadOptions extends KnobOptions {

    /** The knobs of a load, by component name. */
    static final List<String> KNOBS = List.of("scale", "loadBatchSize");

    public LoadOptions() {
        super(KNOBS.stream().map(KnobSpec::of).toList());
    }

    /** --scale, else what a run with the default clients loads: one branch per client. */
    int scale() {
        return values().get("scale") == null ? Defaults.CLIENTS : checkedInt("scale");
    }

    int batchSize() {
        return checkedInt("loadBatchSize");
    }
}
