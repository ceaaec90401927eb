package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** Skip reasons are printed once per class and reason, saying how many tests when not all of them. */
class SkipReasonsTest {

    @Test
    void aClassWhoseTestsAllSkipForOneReasonIsOneLine() {
        SkipReasons.Tally tally = new SkipReasons.Tally();
        for (int i = 0; i < 5; i++) {
            tally.skipped("no server: set BENCHLAB_PG_URL");
        }
        assertThat(tally.lines("PostgresIT")).containsExactly("SKIPPED PostgresIT: no server: set BENCHLAB_PG_URL");
    }

    @Test
    void partlySkippedClassesCountTheirSkipsPerReason() {
        SkipReasons.Tally tally = new SkipReasons.Tally();
        tally.skipped("no server: set BENCHLAB_PG_URL");
        tally.ran();
        tally.skipped("no server: set BENCHLAB_MARIADB_URL");
        tally.skipped("no server: set BENCHLAB_PG_URL");
        assertThat(tally.lines("ServerBadInputIT")).containsExactly(
                "SKIPPED ServerBadInputIT (2 of 4 tests): no server: set BENCHLAB_PG_URL",
                "SKIPPED ServerBadInputIT (1 of 4 tests): no server: set BENCHLAB_MARIADB_URL");
    }

    @Test
    void aClassWithoutSkipsPrintsNothing() {
        SkipReasons.Tally tally = new SkipReasons.Tally();
        tally.ran();
        assertThat(tally.lines("RunnerHelpTest")).isEmpty();
    }

    @Test
    void theReasonIsTheAbortMessageWithoutJUnitsPrefix() {
        assertThat(SkipReasons.reason(new TestAbortedException("Assumption failed: no Docker socket\nmore")))
                .isEqualTo("no Docker socket");
        assertThat(SkipReasons.reason(new TestAbortedException("no server: set DOCKER_HOST")))
                .isEqualTo("no server: set DOCKER_HOST");
    }
}
