package io.benchlab.lab.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.compare.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The night's one-line summary: an inconclusive cell passes, and the summary says it was inconclusive. */
class NightlyReportsTest {

    private static CellVerdict cell(String name, Verdict v) {
        return new CellVerdict(name, false, v, "why", null);
    }

    @Test
    void anInconclusiveCellPassesButIsCounted() {
        assertThat(NightlyReports.summary(List.of(cell("a", Verdict.NO_CHANGE), cell("b", Verdict.IMPROVED))))
                .isEqualTo("2 cells, pass");
        assertThat(NightlyReports.summary(List.of(cell("a", Verdict.NO_CHANGE), cell("b", Verdict.INCONCLUSIVE))))
                .isEqualTo("2 cells, pass, 1 inconclusive");
        assertThat(NightlyReports.summary(List.of(cell("a", Verdict.REGRESSED), cell("b", Verdict.INCONCLUSIVE),
                cell("c", Verdict.INCONCLUSIVE)))).isEqualTo("3 cells, FAIL (1 regressed or failed), 2 inconclusive");
    }
}
