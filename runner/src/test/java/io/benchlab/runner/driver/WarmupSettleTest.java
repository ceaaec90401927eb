package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.driver.WarmupSettle.Ended;
import io.benchlab.runner.driver.WarmupSettle.Reading;
import org.junit.jupiter.api.Test;

/** The settle rule fed with interval readings: 1 s each, the client's CPU 1 s each unless said. */
class WarmupSettleTest {

    private static Reading second(long committed, double jitSeconds) {
        return new Reading(1, committed, 1.0, jitSeconds);
    }

    /** Feeds readings until the rule answers; the seconds it took then, or -1 if it never did. */
    private static double until(WarmupSettle settle, Ended expected, Reading... readings) {
        for (Reading r : readings) {
            Ended why = settle.add(r);
            if (why != null) {
                assertThat(why).isEqualTo(expected);
                return settle.elapsed();
            }
        }
        return -1;
    }

    private static Reading[] steady(int seconds, long committed, double jit) {
        Reading[] out = new Reading[seconds];
        java.util.Arrays.fill(out, second(committed, jit));
        return out;
    }

    @Test
    void aClientFlatAndNotCompilingFromTheStartSettlesAtTheMinimumWhenTwoWindowsAreRead() {
        assertThat(until(new WarmupSettle(5, 60), Ended.SETTLED, steady(20, 1000, 0))).isEqualTo(10);
        assertThat(until(new WarmupSettle(12, 60), Ended.SETTLED, steady(20, 1000, 0))).isEqualTo(12);
    }

    @Test
    void whileTheJitTakesMoreThanItsShareTheWarmUpGoesOn() {
        WarmupSettle settle = new WarmupSettle(5, 60);
        assertThat(until(settle, Ended.SETTLED, steady(20, 1000, 0.02))).isEqualTo(-1);
        // The compilers quiet down: warm once a window (one busy second, four quiet) is under 1%.
        assertThat(until(settle, Ended.SETTLED, steady(10, 1000, 0.005))).isEqualTo(24);
    }

    @Test
    void aClientOnLittleCpuSettlesWithinTwoTicksOfTheJitAWindow() {
        // 0.28 of a core: 1% of a 5 s window is 14 ms, less than /proc's two 10 ms ticks.
        Reading[] r = new Reading[10];
        for (int i = 0; i < r.length; i++) {
            r[i] = new Reading(1, 300, 0.28, i == 7 ? 0.02 : 0);
        }
        assertThat(until(new WarmupSettle(5, 60), Ended.SETTLED, r)).isEqualTo(10);
        for (int i = 0; i < r.length; i++) {
            r[i] = new Reading(1, 300, 0.28, i == 7 || i == 8 ? 0.02 : 0);
        }
        assertThat(until(new WarmupSettle(5, 60), Ended.SETTLED, r)).isEqualTo(-1);
    }

    @Test
    void whileThroughputClimbsTheWarmUpGoesOnThoughTheJitIsQuiet() {
        WarmupSettle settle = new WarmupSettle(5, 60);
        Reading[] climbing = new Reading[20];
        for (int i = 0; i < climbing.length; i++) {
            climbing[i] = second(1000 + 20L * i, 0);  // 2% a second: 10% from one 5 s window to the next
        }
        assertThat(until(settle, Ended.SETTLED, climbing)).isEqualTo(-1);
        assertThat(until(settle, Ended.SETTLED, steady(10, 1400, 0))).isEqualTo(26);
    }

    @Test
    void aFallOrAClimbWithinNoiseIsNotClimbing() {
        WarmupSettle settle = new WarmupSettle(5, 60);
        Reading[] r = new Reading[10];
        for (int i = 0; i < 10; i++) {
            r[i] = second(i < 5 ? 1000 : 1020, 0);
        }
        assertThat(until(settle, Ended.SETTLED, r)).isEqualTo(10);
        settle = new WarmupSettle(5, 60);
        for (int i = 0; i < 10; i++) {
            r[i] = second(i < 5 ? 1000 : 700, 0);
        }
        assertThat(until(settle, Ended.SETTLED, r)).isEqualTo(10);
    }

    @Test
    void theBoundEndsAWarmUpThatNeverSettles() {
        assertThat(until(new WarmupSettle(5, 30), Ended.BOUND, steady(40, 1000, 0.5))).isEqualTo(30);
    }

    @Test
    void withoutTheJvmsCpuOnlyTheThroughputIsJudged() {
        Reading unknown = new Reading(1, 1000, null, null);
        Reading[] r = new Reading[12];
        java.util.Arrays.fill(r, unknown);
        assertThat(until(new WarmupSettle(5, 60), Ended.SETTLED, r)).isEqualTo(10);
    }

    @Test
    void longIntervalsMakeWindowsOfOneReadingEach() {
        WarmupSettle settle = new WarmupSettle(5, 60);
        assertThat(settle.add(new Reading(10, 10_000, 10.0, 0.0))).isNull();
        assertThat(settle.add(new Reading(10, 10_000, 10.0, 0.0))).isEqualTo(Ended.SETTLED);
    }
}
