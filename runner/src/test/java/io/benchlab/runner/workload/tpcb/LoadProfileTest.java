package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The offered rate, round by round and second by second, as the knobs describe it. */
class LoadProfileTest {

    @Test
    void eachStepIsARoundAtItsOwnRateAndTheLaterOnesSettleFirst() {
        LoadProfile p = KnobCodecTest.bySteps().profile();
        assertThat(p.paced()).isTrue();
        assertThat(p.ramped()).isFalse();
        assertThat(new double[] {p.startTps(1), p.startTps(2), p.startTps(3)}).containsExactly(50, 100.5, 200);
        assertThat(p.meanTps(2)).isEqualTo(100.5);
        assertThat(p.offeredAt(3, 1.5)).isEqualTo(200);
        assertThat(p.settleBefore(1)).as("the first step warms up instead").isZero();
        assertThat(p.settleBefore(2)).isEqualTo(Duration.ZERO).as("--step-settle 0s");
        WorkloadConfig settled = KnobCodec.config(java.util.Map.of("rateSteps", "10,20", "duration", "1s", "seed", 1L));
        assertThat(settled.profile().settleBefore(2)).as("the default settle").isEqualTo(Duration.ofSeconds(5));
        assertThat(settled.rounds()).as("one round per step").isEqualTo(2);
    }

    @Test
    void aRampRisesThroughItsOnePhaseAndHoldsItsEnds() {
        LoadProfile p = KnobCodecTest.byRamp().profile();
        assertThat(p.ramped()).isTrue();
        assertThat(p.startTps(1)).as("its warm-up's rate").isEqualTo(100);
        assertThat(p.offeredAt(1, 1.5)).as("halfway through 3 s of 100..300").isEqualTo(200);
        assertThat(p.offeredAt(1, -1)).isEqualTo(100);
        assertThat(p.offeredAt(1, 4)).isEqualTo(300);
        assertThat(p.meanTps(1)).isEqualTo(200);
    }

    @Test
    void aConstantRateIsOfferedThroughoutAndNoRateIsNone() {
        LoadProfile constant = KnobCodecTest.byCount().profile();
        assertThat(constant.startTps(3)).isEqualTo(1234.5);
        assertThat(constant.offeredAt(2, 0.25)).isEqualTo(1234.5);
        assertThat(constant.meanTps(1)).isEqualTo(1234.5);
        LoadProfile none = KnobCodecTest.byDuration().profile();
        assertThat(none.paced()).isFalse();
        assertThat(none.offeredAt(1, 1)).isNull();
        assertThat(none.meanTps(1)).isNull();
    }
}
