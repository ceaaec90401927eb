package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.nightly.Cell;
import io.benchlab.lab.nightly.NightlyPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/running/nightly-local.md's plan and cron line, made as the page makes them in a HOME of
 * the test's own, without Docker (NightlyLocalIT runs the whole page on a Docker API): the plan
 * every cell reads runs on docker and streams to the stack's InfluxDB with the token file
 * lab stack up made, and the cron line runs that plan from the repository at 02:00.
 */
class NightlyLocalPageTest {

    private static final Path PAGE = NightlyClusterPageTest.REPO.resolve("docs/running/nightly-local.md");

    @Test
    void everyStepWithACommandHasIt() throws Exception {
        PageSteps page = PageSteps.read(PAGE);
        for (int n : new int[] {1, 2, 3, 4, 6}) {
            assertThat(page.script(n)).as("step " + n).isNotBlank();
        }
    }

    @Test
    void thePlanStreamsToTheStackWithItsTokenFileAndCronRunsIt(@TempDir Path home) throws Exception {
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", "",
                "DOCKER_HOST", "unix:///run/podman/podman.sock");
        PageSteps page = PageSteps.read(PAGE).replace(6, "| crontab -\ncrontab -l\n", ">\"$HOME/crontab\"\n");
        page.run(3, NightlyClusterPageTest.REPO, env, 10);
        NightlyPlan plan = NightlyPlan.read(home.resolve("benchlab-nightly/plan.yaml"));
        assertThat(plan.cells()).isNotEmpty();
        for (Cell cell : plan.cells()) {
            assertThat(cell.runArgs()).containsSubsequence("--backend", "docker")
                    .containsSubsequence("--influx-url", "http://127.0.0.1:8086")
                    .containsSubsequence("--influx-token-file", home + "/.config/benchlab/influx-token");
        }
        page.run(6, NightlyClusterPageTest.REPO, env, 10);
        // The page keeps the user's crontab: its lines, if any, come first.
        assertThat(Files.readAllLines(home.resolve("crontab"))).last().isEqualTo("0 2 * * * cd " + NightlyClusterPageTest.REPO
                + " && DOCKER_HOST=unix:///run/podman/podman.sock bin/lab nightly --plan " + home
                + "/benchlab-nightly/plan.yaml --results " + home + "/benchlab-nightly/results >>" + home
                + "/benchlab-nightly/nightly.log 2>&1");
    }
}
