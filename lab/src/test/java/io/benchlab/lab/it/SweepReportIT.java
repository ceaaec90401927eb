package io.benchlab.lab.it;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A two-engine sweep of in-process engines, short enough for every CI run, made into a report that
 * headless Chromium opens; its screenshot stays in target/ as the CI artifact.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class SweepReportIT {

    @Test
    void anEmbeddedSweepMakesAReportChromiumDraws(@TempDir Path dir) throws Exception {
        SweepReports.sweepReportAndCheck(List.of("hsqldb", "h2"), List.of(1, 2, 4),
                List.of("--duration", "2s", "--warmup", "0s", "--interval", "500ms"), dir,
                Path.of("target", "report-screenshot.png"));
    }
}
