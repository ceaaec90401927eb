package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A sweep's set-up axes: their cross product, the baseline first, each set-up named by what differs. */
class SetupAxesTest {

    @Test
    void theSetupsAreTheCrossProductBaselineFirstEachNamedByWhatDiffers() {
        SetupAxes axes = SetupAxes.parse("durable,relaxed", List.of("shared_buffers=16MB,512MB", "work_mem=4MB"),
                "17.6,16.10", "container,tmpfs");
        List<SetupAxes.Setup> setups = axes.setups();
        assertThat(setups).hasSize(16);
        assertThat(setups.get(0)).isEqualTo(new SetupAxes.Setup("durable",
                Map.of("shared_buffers", "16MB", "work_mem", "4MB"), "17.6", "container", List.of()));
        assertThat(setups.get(0).name()).isEqualTo("baseline");
        assertThat(setups.get(0).dbSets()).containsExactly("shared_buffers=16MB", "work_mem=4MB");
        assertThat(setups).extracting(SetupAxes.Setup::name).contains("storage tmpfs", "version 16.10",
                "shared_buffers 512MB", "profile relaxed", "profile relaxed, shared_buffers 512MB, version 16.10,"
                        + " storage tmpfs").doesNotHaveDuplicates();
    }

    @Test
    void noAxisIsOneSetupThatLeavesEveryOptionAsLabRunWould() {
        assertThat(SetupAxes.parse(null, null, null, null).setups()).singleElement()
                .isEqualTo(new SetupAxes.Setup(null, Map.of(), null, null, List.of()))
                .satisfies(s -> assertThat(s.dbSets()).isNull());
    }

    @Test
    void eachPointsBaselineIsTheFirstSetupAtItsEngineAndClients() {
        SweepPoints lists = SweepPoints.parse("h2,hsqldb", "1,8");
        List<SweepPoints.Point> points = lists.points(SetupAxes.parse("durable,relaxed", null, null, null).setups());
        assertThat(points).extracting(p -> p.engine().name() + " " + p.setup().name() + " " + p.clients())
                .containsExactly("h2 baseline 1", "h2 baseline 8", "h2 profile relaxed 1", "h2 profile relaxed 8",
                        "hsqldb baseline 1", "hsqldb baseline 8", "hsqldb profile relaxed 1", "hsqldb profile relaxed 8");
        assertThat(SweepPoints.baselines(points)).containsExactly(0, 1, 0, 1, 4, 5, 4, 5);
    }
}
