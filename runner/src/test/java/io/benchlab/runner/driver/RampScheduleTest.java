package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** A ramp's intended starts: where the integral of the offered rate reaches each start's number. */
class RampScheduleTest {

    /** 100 tps rising by 100 a second: by t seconds into the ramp, 100 t + 50 t^2 starts are due. */
    private final RampSchedule ramp = new RampSchedule(100, 100, 4);

    @Test
    void withoutAWarmUpTheGthStartIsWhereTheIntegralReachesG() {
        assertThat(ramp.secondsOf(0, 0)).isZero();
        assertThat(ramp.secondsOf(150, 0)).as("100 t + 50 t^2 = 150 at t = 1").isCloseTo(1.0, within(1e-12));
        assertThat(ramp.secondsOf(400, 0)).as("... = 400 at t = 2").isCloseTo(2.0, within(1e-12));
        for (double t = 0.05; t < 3; t += 0.25) {
            assertThat(ramp.secondsOf(ramp.startsBefore(t, 0), 0)).as("t %s", t).isCloseTo(t, within(1e-9));
        }
    }

    @Test
    void theStartsComeCloserAsTheRateRises() {
        double first = ramp.secondsOf(1, 0) - ramp.secondsOf(0, 0);
        double later = ramp.secondsOf(401, 0) - ramp.secondsOf(400, 0);
        assertThat(first).as("at about 100 tps").isCloseTo(0.01, within(0.0001));
        assertThat(later).as("at about 300 tps, two seconds in").isCloseTo(1 / 300.0, within(0.00001));
    }

    @Test
    void theWarmUpRunsAtTheFirstRateAndTheRampBeginsAtItsEnd() {
        assertThat(ramp.secondsOf(100, 2)).as("a second into a 2 s warm-up at 100 tps").isCloseTo(1.0, within(1e-12));
        assertThat(ramp.secondsOf(200, 2)).as("the warm-up's end").isCloseTo(2.0, within(1e-12));
        assertThat(ramp.secondsOf(350, 2)).as("150 starts into the ramp: a second in").isCloseTo(3.0, within(1e-12));
        assertThat(ramp.startsBefore(3, 2)).isCloseTo(350, within(1e-9));
    }

    @Test
    void aRampThatDoesNotRiseIsAConstantRate() {
        RampSchedule flat = new RampSchedule(250, 0, 1);
        assertThat(flat.secondsOf(1000, 0)).isCloseTo(4.0, within(1e-12));
        assertThat(flat.secondsOf(1000, 1.5)).isCloseTo(4.0, within(1e-12));
    }

    /** Client 1 of 4 takes the run's starts 1, 5, 9...: those due before 1 s (150 of them) are 1 ... 149. */
    @Test
    void eachClientTakesItsShareOfTheStartsInTurn() {
        assertThat(ramp.ownStartsBefore(1, 0, 1)).isEqualTo(38);
        assertThat(ramp.ownStartsBefore(1, 0, 2)).as("2 ... 146").isEqualTo(37);
        assertThat(ramp.ownStartsBefore(0.001, 0, 3)).as("not yet due").isZero();
        long all = 0;
        for (int slot = 0; slot < 4; slot++) {
            all += ramp.ownStartsBefore(1, 0, slot);
        }
        assertThat(all).as("the shares add up to the run's starts").isEqualTo(150);
    }
}
