package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;

/** What every backend's database container usage must show: a figure on every interval, within the limits placed. */
public final class DatabaseUsage {

    /**
     * The kernel's CFS period: a cgroup gets its quota once per period, so a window not aligned with
     * the periods can hold one period's quota more than its length allows.
     */
    private static final double CFS_PERIOD_SECONDS = 0.1;

    /**
     * How far a counter's read may lie from the instant it is stamped with (the middle of its
     * request): the Docker or kubelet call takes 8-55 ms here; this is a few times that.
     */
    private static final double READ_SLACK_SECONDS = 0.1;

    private DatabaseUsage() {
    }

    /**
     * Every interval of the server's side has the container's usage, its CPU within the limit as the
     * kernel enforces it over that window and its working set within the memory limit; nothing went
     * wrong reading it, and the source is named SOURCE.
     */
    public static void assertWithinLimits(RunResult r, String source) {
        Placement.Side db = r.placement().database();
        ServerStats s = r.serverStats();
        assertThat(s.note()).as("nothing went wrong").isNull();
        assertThat(s.sources()).contains(source);
        assertThat(s.intervals()).isNotEmpty().allSatisfy(i -> {
            ServerStats.Container c = i.container();
            assertThat(c).as("round %d t %s", i.round(), i.t()).isNotNull();
            assertThat(c.seconds()).isPositive();
            assertThat(c.cpuSeconds() / c.seconds()).as("cores used at t %s over %.3f s", i.t(), c.seconds())
                    .isBetween(0.0, mostCores(db.cpuLimit(), c.seconds()));
            assertThat(c.memoryBytes()).isBetween(1L << 20, db.memoryLimitBytes());
        });
        assertThat(s.intervals().stream().mapToDouble(i -> i.container().cpuSeconds()).sum()).isPositive();
    }

    /**
     * The most cores a container limited to CPUS can show over SECONDS: one CFS period's quota more
     * than the window's share, and the two reads' slack at the limit's rate: 1.3 x the limit over 1 s.
     */
    static double mostCores(double cpus, double seconds) {
        return cpus * (1 + (CFS_PERIOD_SECONDS + 2 * READ_SLACK_SECONDS) / seconds);
    }
}
