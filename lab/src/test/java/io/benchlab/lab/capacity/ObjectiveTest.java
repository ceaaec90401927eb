package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.CapacityResult;
import io.benchlab.runner.core.BadInputException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ObjectiveTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "p99<=10ms      | P99      | 10     | false",
        "' P99 < 500us '| P99      | 0.5    | true",
        "p50 <= 2.5 ms  | P50      | 2.5    | false",
        "p90<=.5ms      | P90      | 0.5    | false",
        "P95<=1S        | P95      | 1000   | false",
        "p999<=250µs    | P999     | 0.25   | false",
        "max<2s         | MAX      | 2000   | true",
        "failures<=1%   | FAILURES | 0.01   | false",
        "Failures < 0.5 % | FAILURES | 0.005 | true",
        "failures<=0%   | FAILURES | 0      | false"})
    void readsTheMetricTheBoundAndTheThresholdInItsUnit(String text, ObjectiveMetric metric, double threshold,
                                                         boolean strict) {
        Objective o = Objective.parse(text);
        assertThat(o.metric()).isEqualTo(metric);
        assertThat(o.threshold()).isCloseTo(threshold, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(o.strict()).isEqualTo(strict);
        assertThat(o.text()).isEqualTo(text.strip());
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"p99<=10", "latency<=10ms", "p98<=10ms", "p99>=10ms", "p99=10ms", "p99<=-1ms",
        "p99<=tenms", "p99<=10 min", "failures<=1ms", "p99<=10%", "failures<=1", "failures<=101%", "p99<=0ms",
        "failures<0%", "", "p99<=10ms,p95<=5ms", "p99<=1e3ms"})
    void refusesAnythingElseInOneLineNamingItAndWhatIsAccepted(String text) {
        assertThatThrownBy(() -> Objective.parse(text)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--slo '" + text + "' is not an objective: expected p50|p90|p95|p99|p999|max")
                .hasMessageContaining("failures <= N%")
                .hasMessageNotContaining("\n");
    }

    @Test
    void atLeastOneObjectiveIsNeeded() {
        assertThatThrownBy(() -> Objective.parseAll(List.of())).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--slo: give at least one objective");
        assertThat(Objective.parseAll(List.of("p99<=10ms", "failures<1%"))).extracting(Objective::metric)
                .containsExactly(ObjectiveMetric.P99, ObjectiveMetric.FAILURES);
    }

    @Test
    void tellsItsValueFromFiguresAndWhetherItHolds() {
        var step = Steps.step(1000, new double[] {8, 8, 8, 8, 8}, 10, 0);
        Objective p99 = Objective.parse("p99<=8ms");
        Objective strictP99 = Objective.parse("p99<8ms");
        Objective failures = Objective.parse("failures<=1%");
        double value = p99.valueIn(step.rounds().get(0).figures());
        assertThat(value).isCloseTo(8, org.assertj.core.data.Offset.offset(0.01));
        assertThat(p99.holdsFor(8)).isTrue();
        assertThat(strictP99.holdsFor(8)).isFalse();
        assertThat(p99.holdsFor(Double.NaN)).isFalse();
        assertThat(failures.valueIn(step.figures())).isEqualTo(50.0 / 5050);
        assertThat(failures.holdsFor(failures.valueIn(step.figures()))).isTrue();
        assertThat(failures.valueIn(null)).isNaN();
    }

    @Test
    void isRecordedWithItsThresholdInMillisecondsOrAsARatio() {
        assertThat(Objective.parse("p95 <= 500us").toJson())
                .isEqualTo(new CapacityResult.Objective("p95 <= 500us", "p95", 0.5, "ms", false));
        assertThat(Objective.parse("failures<2%").toJson())
                .isEqualTo(new CapacityResult.Objective("failures<2%", "failures", 0.02, "ratio", true));
        assertThat(Objective.parse("p99<=10ms").bound()).isEqualTo("<=10 ms");
        assertThat(Objective.parse("failures<0.5%").bound()).isEqualTo("<0.5%");
    }
}
