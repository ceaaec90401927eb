package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Secret;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A failed run's cause names its phase in the words results and tests have always used. */
class RunPhaseTest {

    private static final Secret PASSWORD = Secret.random();

    @ParameterizedTest(name = "{0}, stopped {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "LOAD         | false | load: SQLException: the disk is full",
            "CHECK_BEFORE | false | before-run check: SQLException: the disk is full",
            "AWAIT_LOAD   | false | wait for client pod 0's load: SQLException: the disk is full",
            "MEASURED     | false | measured run: SQLException: the disk is full",
            "MEET_AFTER   | false | after-run meeting of the client pods: SQLException: the disk is full",
            "CHECK_AFTER  | false | after-run check: SQLException: the disk is full",
            // After a stop, an error outside the measured run is the stop's aborting the admin connection.
            "LOAD         | true  | stopped during the load while the database did not answer",
            "CHECK_BEFORE | true  | stopped during the before-run check while the database did not answer",
            "CHECK_AFTER  | true  | stopped during the after-run check while the database did not answer",
            "MEASURED     | true  | measured run: SQLException: the disk is full"})
    void namesThePhase(RunPhase phase, boolean stopped, String cause) {
        assertThat(phase.failedOn(new SQLException("the disk is full"), stopped, PASSWORD)).isEqualTo(cause);
    }

    @ParameterizedTest
    @CsvSource({"LOAD", "MEASURED"})
    void neverShowsThePassword(RunPhase phase) {
        String cause = phase.failedOn(new SQLTimeoutException("login as bench/" + PASSWORD.reveal() + " timed out"),
                false, PASSWORD);
        assertThat(cause).doesNotContain(PASSWORD.reveal()).endsWith("SQLTimeoutException: login as bench/*** timed out");
    }
}
