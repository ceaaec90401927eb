package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.Knobs;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The knob codec against the runner's own parser and the result's knobs, knob by knob, from their
 * declarations: a new component of {@link WorkloadConfig} is covered here without a line of this
 * test.
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

    /** A result's config has its driver chosen ({@link WorkloadConfig#requireSupportedBy}): the bases name one. */
    static WorkloadConfig byDuration() {
        return parse(List.of("--scale", "3", "--clients", "7", "--duration", "1500ms", "--warmup", "0s", "--seed", "42",
                "--driver", "vertx"));
    }

    static WorkloadConfig byCount() {
        return parse(List.of("--transactions-per-client", "250", "--rate", "1234.5", "--rounds", "3", "--seed", "-7",
                "--distribution", "pgbench", "--statements", "direct", "--autocommit", "--isolation",
                "repeatable-read", "--max-tries", "1000", "--interval", "250ms", "--load-batch-size", "77",
                "--statement-timeout", "1500ms", "--init", "--driver", "jdbc"));
    }

    /** A stepped load, with every option of its own. */
    static WorkloadConfig bySteps() {
        return parse(List.of("--rate-steps", "50,100.5,200", "--step-duration", "2s", "--step-settle", "0s",
                "--warmup", "1s", "--seed", "5", "--driver", "jdbc"));
    }

    /** A ramp, with every option of its own. */
    static WorkloadConfig byRamp() {
        return parse(List.of("--rate-ramp", "100..300", "--ramp-duration", "3s", "--interval", "500ms", "--seed", "6", "--driver", "jdbc"));
    }

    @Test
    void everyKnobIsAnOptionOfTheRunnerAsDeclaredAndAKnobOfTheResult() {
        CommandLine cli = new CommandLine(new Holder());
        Knobs recorded = KnobCodec.knobs(byCount());
        for (KnobSpec knob : KnobSpec.all()) {
            OptionSpec option = cli.getCommandSpec().findOption(knob.option());
            assertThat(option).as("the runner's option for %s", knob.field()).isNotNull();
            assertThat(option.names()).as(knob.field()).containsExactly(knob.names());
            assertThat(option.description()).as(knob.field())
                    .containsExactly(knob.declared().help().replace("${DEFAULT-VALUE}", knob.declared().defaults())
                            .replace("%%", "%"));
            assertThat(option.defaultValue()).as(knob.field())
                    .isEqualTo(knob.declared().defaults().isEmpty() ? null : knob.declared().defaults());
            if (knob.recorded() && knob.value(byCount()) != null) {
                assertThat(recorded.values()).as("the result's knob for %s", knob.field()).containsKey(knob.resultKey());
            }
        }
        assertThat(recorded.values().keySet()).as("one name per knob in the result")
                .containsExactly(Stream.concat(Stream.of(KnobCodec.WORKLOAD_KEY), KnobSpec.all().stream()
                        .filter(KnobSpec::recorded).filter(k -> k.value(byCount()) != null).map(KnobSpec::resultKey))
                        .toArray(String[]::new));
    }

    /** Each knob changed on its own, from two configs (one timed, one counted): every spelling gives it back. */
    @Test
    void everyKnobChangedOnItsOwnComesBackFromTheArgumentsAndTheResult() {
        Set<String> covered = new LinkedHashSet<>();
        for (WorkloadConfig base : List.of(byDuration(), byCount(), bySteps(), byRamp())) {
            for (KnobSpec knob : KnobSpec.all()) {
                for (Object value : otherValues(knob.type(), knob.value(base))) {
                    WorkloadConfig changed = with(base, knob, value);
                    if (changed == null) {
                        continue;
                    }
                    assertThat(parse(KnobCodec.arguments(changed))).as("%s = %s, as arguments", knob.field(), value)
                            .isEqualTo(changed);
                    assertThat(KnobCodec.config(KnobCodec.knobs(changed), changed.init()))
                            .as("%s = %s, as the result's knobs", knob.field(), value).isEqualTo(changed);
                    covered.add(knob.field());
                }
            }
        }
        assertThat(covered).containsExactlyInAnyOrder(KnobSpec.all().stream().map(KnobSpec::field).toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 999_999, 1_000_000, 1_500_000_000L, 3_600_000_000_000L})
    void durationsKeepEveryNanosecond(long nanos) {
        WorkloadConfig c = with(byDuration(), KnobSpec.of("warmup"), Duration.ofNanos(nanos));
        assertThat(parse(KnobCodec.arguments(c)).warmup()).isEqualTo(Duration.ofNanos(nanos));
        assertThat(KnobCodec.config(KnobCodec.knobs(c), false).warmup()).isEqualTo(Duration.ofNanos(nanos));
    }

    @Test
    void theResultsKnobsAreSpelledAsResultsHoldThem() {
        Knobs k = KnobCodec.knobs(byCount());
        assertThat(k.workload()).isEqualTo("tpcb");
        assertThat(k.text("isolation")).isEqualTo("repeatable-read");
        assertThat(k.text("statements")).isEqualTo("direct");
        assertThat(k.durationSeconds()).isNull();
        assertThat(k.get("statement_timeout_seconds")).isEqualTo(1.5);
        assertThat(k.rateTps()).isEqualTo(1234.5);
        assertThat(KnobCodec.arguments(byCount())).doesNotContain("--duration", "--select-only")
                .contains("--autocommit", "--init", "--rate", "1234.5");
    }

    @Test
    void aResultWithAKnobThisLabDoesNotKnowIsRefusedInOneLine() {
        Knobs odd = KnobCodec.knobs(byDuration()).with("distribution", "zipfian");
        assertThatThrownBy(() -> KnobCodec.config(odd, false)).isInstanceOf(BadInputException.class)
                .hasMessage("the result's distribution 'zipfian' is not one this lab knows");
    }

    /** server_stats and driver came after schema 5: a result without them ran with neither sampling nor Vert.x. */
    @Test
    void aKnobAnOlderResultLacksIsReadAsItsDeclarationSays() {
        Knobs older = KnobCodec.knobs(byDuration()).with("server_stats", null).with("driver", null);
        WorkloadConfig c = KnobCodec.config(older, false);
        assertThat(c.serverStats()).isEqualTo(WorkloadConfig.Sampling.OFF);
        assertThat(c.driver()).isEqualTo(WorkloadConfig.ClientDriver.JDBC);
        Knobs noSeed = KnobCodec.knobs(byDuration()).with("seed", null);
        assertThatThrownBy(() -> KnobCodec.config(noSeed, false)).isInstanceOf(BadInputException.class)
                .hasMessage("the result's knobs have no seed");
    }

    @Test
    void aValueBelowItsDeclaredLeastIsRefusedWhereverItComesFrom() {
        assertThatThrownBy(() -> parse(List.of("--clients", "0"))).isInstanceOf(BadInputException.class)
                .hasMessage("--clients must be at least 1, got 0");
        Knobs none = KnobCodec.knobs(byDuration()).with("rounds", 0);
        assertThatThrownBy(() -> KnobCodec.config(none, false)).isInstanceOf(BadInputException.class)
                .hasMessage("--rounds must be at least 1, got 0");
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
        if (type == Integer.class) {
            // null: the scale follows the clients.
            return current == null ? List.of(3) : Arrays.asList((Integer) current + 1, null);
        }
        if (type == long.class || type == Long.class) {
            return current == null ? List.of(7L) : List.of((Long) current + 1, -(Long) current - 3);
        }
        if (type == Double.class) {
            return current == null ? List.of(333.25) : List.of((Double) current * 1.5);
        }
        if (type == Duration.class) {
            // null: the warm-up lasts until the client is warm (a config refuses it for the others).
            return current == null ? List.of(Duration.ofSeconds(2))
                    : Arrays.asList(((Duration) current).plusMillis(250), ((Duration) current).plusNanos(500), null);
        }
        if (type == RateSteps.class) {
            return List.of(new RateSteps(current == null ? List.of(40.0, 80.0) : List.of(60.0, 120.0, 240.0, 480.0)));
        }
        if (type == RateRamp.class) {
            return List.of(current == null ? new RateRamp(50, 75.5) : new RateRamp(150, 600));
        }
        throw new AssertionError("a knob of type " + type + ": teach this test its values");
    }

    /** The config with one knob changed, or null when the config refuses that value. */
    static WorkloadConfig with(WorkloadConfig base, KnobSpec knob, Object value) {
        Map<String, Object> values = new LinkedHashMap<>();
        KnobSpec.all().forEach(k -> values.put(k.field(), k.value(base)));
        values.put(knob.field(), value);
        try {
            return KnobCodec.config(values);
        } catch (BadInputException refused) {
            return null;
        }
    }
}
