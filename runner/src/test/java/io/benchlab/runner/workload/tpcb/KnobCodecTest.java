package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.Knobs;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The knob codec against the runner's own parser and the result's knobs, knob by knob, found by
 * reflection: a new component of {@link WorkloadConfig} is covered here without a line of this
 * test, and fails it until the runner's CLI has its option and the result its knob.
 */
class KnobCodecTest {

    @Command
    static final class Holder {
        @Mixin
        WorkloadOptions workload;
    }

    static WorkloadConfig parse(List<String> args) {
        Holder h = new Holder();
        new CommandLine(h).parseArgs(args.toArray(String[]::new));
        return h.workload.toConfig();
    }

    static WorkloadConfig byDuration() {
        return parse(List.of("--scale", "3", "--clients", "7", "--duration", "1500ms", "--warmup", "0s", "--seed", "42"));
    }

    static WorkloadConfig byCount() {
        return parse(List.of("--transactions-per-client", "250", "--rate", "1234.5", "--rounds", "3", "--seed", "-7",
                "--distribution", "pgbench", "--statements", "direct", "--autocommit", "--isolation",
                "repeatable-read", "--max-tries", "1000", "--interval", "250ms", "--load-batch-size", "77",
                "--statement-timeout", "1500ms", "--init"));
    }

    @Test
    void everyKnobIsAnOptionOfTheRunnerAndAKnobOfTheResult() {
        CommandLine cli = new CommandLine(new Holder());
        Set<String> recorded = new LinkedHashSet<>();
        Arrays.stream(Knobs.class.getRecordComponents()).forEach(c -> recorded.add(c.getName()));
        for (RecordComponent knob : WorkloadConfig.class.getRecordComponents()) {
            assertThat(cli.getCommandSpec().findOption(KnobCodec.option(knob))).as("the runner's option for %s",
                    knob.getName()).isNotNull();
            if (!knob.getName().equals(KnobCodec.INIT)) {
                assertThat(recorded).as("the result's knob for %s", knob.getName()).contains(KnobCodec.resultName(knob));
            }
        }
    }

    /** Each knob changed on its own, from two configs (one timed, one counted): every spelling gives it back. */
    @Test
    void everyKnobChangedOnItsOwnComesBackFromTheArgumentsAndTheResult() throws ReflectiveOperationException {
        Set<String> covered = new LinkedHashSet<>();
        for (WorkloadConfig base : List.of(byDuration(), byCount())) {
            for (RecordComponent knob : WorkloadConfig.class.getRecordComponents()) {
                for (Object value : otherValues(knob.getType(), knob.getAccessor().invoke(base))) {
                    WorkloadConfig changed = with(base, knob, value);
                    if (changed == null) {
                        continue;
                    }
                    assertThat(parse(KnobCodec.arguments(changed))).as("%s = %s, as arguments", knob.getName(), value)
                            .isEqualTo(changed);
                    assertThat(KnobCodec.config(KnobCodec.knobs(changed), changed.init()))
                            .as("%s = %s, as the result's knobs", knob.getName(), value).isEqualTo(changed);
                    covered.add(knob.getName());
                }
            }
        }
        assertThat(covered).containsExactlyInAnyOrder(
                Arrays.stream(WorkloadConfig.class.getRecordComponents()).map(RecordComponent::getName).toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 999_999, 1_000_000, 1_500_000_000L, 3_600_000_000_000L})
    void durationsKeepEveryNanosecond(long nanos) throws ReflectiveOperationException {
        RecordComponent warmup = Arrays.stream(WorkloadConfig.class.getRecordComponents())
                .filter(c -> c.getName().equals("warmup")).findFirst().orElseThrow();
        WorkloadConfig c = with(byDuration(), warmup, Duration.ofNanos(nanos));
        assertThat(parse(KnobCodec.arguments(c)).warmup()).isEqualTo(Duration.ofNanos(nanos));
        assertThat(KnobCodec.config(KnobCodec.knobs(c), false).warmup()).isEqualTo(Duration.ofNanos(nanos));
    }

    @Test
    void theResultsKnobsAreSpelledAsResultsHoldThem() {
        Knobs k = KnobCodec.knobs(byCount());
        assertThat(k.workload()).isEqualTo("tpcb");
        assertThat(k.isolation()).isEqualTo("repeatable-read");
        assertThat(k.statements()).isEqualTo("direct");
        assertThat(k.durationSeconds()).isNull();
        assertThat(k.statementTimeoutSeconds()).isEqualTo(1.5);
        assertThat(KnobCodec.arguments(byCount())).doesNotContain("--duration", "--select-only")
                .contains("--autocommit", "--init", "--rate", "1234.5");
    }

    @Test
    void aResultWithAKnobThisLabDoesNotKnowIsRefusedInOneLine() {
        Knobs k = KnobCodec.knobs(byDuration());
        Knobs odd = new Knobs(k.workload(), k.scale(), k.clients(), k.durationSeconds(), k.transactionsPerClient(),
                k.warmupSeconds(), k.rateTps(), k.rounds(), k.seed(), "zipfian", k.statements(), k.autocommit(),
                k.isolation(), k.selectOnly(), k.maxTries(), k.intervalSeconds(), k.loadBatchSize(),
                k.statementTimeoutSeconds(), null);
        assertThatThrownBy(() -> KnobCodec.config(odd, false)).isInstanceOf(BadInputException.class)
                .hasMessage("the result's distribution 'zipfian' is not one this lab knows");
    }

    /** Values of a knob's type other than {@code current}; the config may refuse some, which are then skipped. */
    static List<Object> otherValues(Class<?> type, Object current) {
        if (type.isEnum()) {
            return Stream.of(type.getEnumConstants()).filter(c -> !c.equals(current)).map(c -> (Object) c).toList();
        }
        if (type == boolean.class) {
            return List.of(!(Boolean) current);
        }
        if (type == int.class) {
            return List.of((Integer) current + 1, (Integer) current * 2);
        }
        if (type == long.class || type == Long.class) {
            return current == null ? List.of(7L) : List.of((Long) current + 1, -(Long) current - 3);
        }
        if (type == Double.class) {
            return current == null ? List.of(333.25) : List.of((Double) current * 1.5);
        }
        if (type == Duration.class) {
            return current == null ? List.of(Duration.ofSeconds(2))
                    : List.of(((Duration) current).plusMillis(250), ((Duration) current).plusNanos(500));
        }
        throw new AssertionError("a knob of type " + type + ": teach this test its values");
    }

    /** The config with one knob changed, or null when the config refuses that value. */
    static WorkloadConfig with(WorkloadConfig base, RecordComponent knob, Object value)
            throws ReflectiveOperationException {
        RecordComponent[] all = WorkloadConfig.class.getRecordComponents();
        List<Object> args = new ArrayList<>();
        for (RecordComponent c : all) {
            args.add(c.getName().equals(knob.getName()) ? value : c.getAccessor().invoke(base));
        }
        try {
            return WorkloadConfig.class.getDeclaredConstructor(
                    Arrays.stream(all).map(RecordComponent::getType).toArray(Class<?>[]::new)).newInstance(args.toArray());
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof BadInputException) {
                return null;
            }
            throw e;
        }
    }
}
