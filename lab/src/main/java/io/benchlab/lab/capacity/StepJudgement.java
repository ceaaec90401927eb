package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityStep;
import io.benchlab.results.StepVerdict;
import java.util.List;

/**
 * What {@link StepJudge} made of one step: its verdict and why (one short line), with what the step
 * achieved and, per objective in the search's order, the step's value and its interval. The
 * figures are null where the step's run left none (it failed before a round completed).
 */
public record StepJudgement(
        String runId,
        double offeredTps,
        Double achievedTps,
        Long missedStarts,
        Long scheduled,
        Double failuresRatio,
        CapacityStep.StepLatency latency,
        List<CapacityStep.ObjectiveValue> objectives,
        StepVerdict verdict,
        String why) {

    public StepJudgement {
        objectives = List.copyOf(objectives);
    }

    public boolean pass() {
        return verdict == StepVerdict.PASS;
    }

    /** The step as the capacity result records it: the INDEX-th of the search (from 1), its result in FILE (null: none). */
    public CapacityStep toStep(int index, String file) {
        return new CapacityStep(index, runId, file, offeredTps, achievedTps, missedStarts, scheduled, failuresRatio,
                latency, objectives, verdict, why);
    }
}
