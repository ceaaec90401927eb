package io.benchlab.lab.rerun;

import io.benchlab.results.Knobs;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.workload.tpcb.Distribution;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/** The workload a result's knobs describe, seed included: the inverse of the result's knobs. */
final class RecordedWorkload {

    private RecordedWorkload() {
    }

    /** {@code init}: reload the data first, as the recorded run did when it has a load. */
    static WorkloadConfig of(Knobs k, boolean init) {
        if (!"tpcb".equals(k.workload())) {
            throw new BadInputException("the result's workload is " + k.workload() + "; lab rerun runs tpcb");
        }
        return new WorkloadConfig(k.scale(), k.clients(), seconds(k.durationSeconds()), k.transactionsPerClient(),
                seconds(k.warmupSeconds()), k.rateTps(), k.rounds(), k.seed(),
                named(Distribution.class, Distribution::label, "distribution", k.distribution()),
                named(StatementMode.class, m -> m.name().toLowerCase(Locale.ROOT), "statements", k.statements()),
                k.autocommit(), named(Isolation.class, Isolation::label, "isolation", k.isolation()), k.selectOnly(),
                k.maxTries(), seconds(k.intervalSeconds()), k.loadBatchSize(), init,
                seconds(k.statementTimeoutSeconds()));
    }

    /** The knobs hold nanoseconds / 1e9, which gives the nanoseconds back exactly when rounded. */
    private static Duration seconds(Double s) {
        return s == null ? null : Duration.ofNanos(Math.round(s * 1e9));
    }

    private static <E extends Enum<E>> E named(Class<E> type, Function<E, String> label, String knob, String value) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> label.apply(c).equals(value)).findFirst()
                .orElseThrow(() -> new BadInputException("the result's " + knob + " '" + value
                        + "' is not one this lab knows"));
    }
}
