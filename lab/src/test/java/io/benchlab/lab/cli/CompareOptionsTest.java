package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.compare.Allowance;
import io.benchlab.lab.compare.CompareRules;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The options of lab compare and lab rerun as the rules they make: each flag allows its own and nothing else. */
class CompareOptionsTest {

    @Command(name = "judge")
    static final class Judge {
        @Mixin
        CompareOptions options;
    }

    private static CompareRules rules(String... args) {
        Judge judge = new Judge();
        new CommandLine(judge).parseArgs(args);
        return judge.options.rules(false);
    }

    private static List<Allowance> allowed(CompareRules rules) {
        return Arrays.stream(Allowance.values()).filter(rules::allows).toList();
    }

    @Test
    void eachAllowFlagAllowsItsOwnAndNothingElse() {
        assertThat(allowed(rules())).isEmpty();
        assertThat(allowed(rules("--allow-differences"))).containsExactly(Allowance.DIFFERENCES);
        assertThat(allowed(rules("--allow-node-change"))).containsExactly(Allowance.NODE_CHANGE);
        assertThat(allowed(rules("--allow-not-ok"))).containsExactly(Allowance.NOT_OK);
        assertThat(allowed(rules("--allow-not-ok", "--allow-differences", "--allow-node-change")))
                .containsExactlyInAnyOrder(Allowance.values());
    }

    @Test
    void theNumbersAreTakenAsGivenAndDefaultToLabCompares() {
        CompareRules defaults = rules();
        assertThat(defaults.alpha()).isEqualTo(LabDefaults.COMPARE_ALPHA);
        assertThat(defaults.thresholdPercent()).isEqualTo(LabDefaults.COMPARE_THRESHOLD_PERCENT);
        CompareRules given = rules("--alpha", "0.05", "--threshold", "3", "--latency-floor", "0.5", "--between-runs", "2");
        assertThat(List.of(given.alpha(), given.thresholdPercent(), given.latencyFloorMs(), given.betweenRuns()))
                .containsExactly(0.05, 3.0, 0.5, 2.0);
    }
}
