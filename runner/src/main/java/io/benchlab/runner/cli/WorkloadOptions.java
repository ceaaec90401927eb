package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.KnobSpec;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every workload knob of {@code run}, an option each, made from its declaration on
 * {@link WorkloadConfig} (its default from {@link Defaults}).
 */
@Command(modelTransformer = KnobOptions.Declared.class)
public final class WorkloadOptions extends KnobOptions {

    @Mixin
    LoadOptions load;

    public WorkloadOptions() {
        super(KnobSpec.all().stream().filter(k -> !LoadOptions.KNOBS.contains(k.field())).toList());
    }

    /**
     * Adds the knobs' options to a command that mixes these in and has a model transformer of its
     * own, which picocli applies in place of the mixin's: that transformer calls this first.
     */
    public static CommandSpec addOptions(CommandSpec command) {
        return addTo(command);
    }

    public WorkloadConfig toConfig() {
        return toConfig(clients());
    }

    /** --clients as given. */
    public int clients() {
        return (Integer) values().get("clients");
    }

    /** As {@link #toConfig()}, with CLIENTS in place of --clients' (a sweep's point). */
    public WorkloadConfig toConfig(int clients) {
        Map<String, Object> given = new LinkedHashMap<>(load.values());
        given.putAll(values());
        given.put("clients", clients);
        if (given.get("duration") == null && given.get("transactionsPerClient") == null) {
            given.put("duration", Defaults.DURATION);
        }
        if (given.get("seed") == null) {
            given.put("seed", new SecureRandom().nextLong());
        }
        return KnobCodec.config(given);
    }
}
