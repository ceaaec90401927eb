package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.RunSpec;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.run.ResultAssembler;
import io.benchlab.runner.driver.DriverOutcome;
import java.time.Instant;
import java.util.Map;

/**
 * The result of a run whose runner left none: the database never came up, the run was stopped
 * first, or the runner died (killed for memory, evicted). Nothing was measured; the cause and
 * where the run got to are kept.
 */
final class NotRun {

    private NotRun() {
    }

    static RunResult failed(String runId, RunSpec spec, Instant started, Placement placement, String cause) {
        return assemble(runId, spec, started, placement, null, cause);
    }

    static RunResult interrupted(String runId, RunSpec spec, Instant started, Placement placement, String cause) {
        return assemble(runId, spec, started, placement, DriverOutcome.stoppedBeforeStart(), cause);
    }

    private static RunResult assemble(String runId, RunSpec spec, Instant started, Placement placement,
                                      DriverOutcome driver, String cause) {
        return ResultAssembler.assemble(new ResultAssembler.Parts(runId,
                new Timestamps(started.toString(), null, Instant.now().toString()), spec.workload(),
                new EngineInfo(spec.engine().name(), spec.profile().name(), null, null, null, null, Map.of()),
                EnvironmentProbe.capture(), placement, null, driver, null, null, cause));
    }
}
