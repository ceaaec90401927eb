package io.benchlab.lab.nightly;

import io.benchlab.lab.compare.Verdict;
import java.util.List;

/**
 * What the canary, the cell that nothing changes, says about the other cells: when it regressed
 * too, the environment moved (a noisy neighbour, a kernel, a node), and a regression of another
 * cell may be that, not a change of benchlab's or an engine's. The night still fails: a person
 * must look, but at the environment first.
 */
final class Canary {

    private Canary() {
    }

    static List<CellVerdict> explain(List<CellVerdict> verdicts) {
        boolean drifted = verdicts.stream().anyMatch(v -> v.canary() && v.verdict() == Verdict.REGRESSED);
        if (!drifted) {
            return verdicts;
        }
        return verdicts.stream().map(v -> v.verdict() != Verdict.REGRESSED ? v
                : v.canary() ? v.withCause("nothing changed in this cell: the environment drifted")
                : v.withCause("the canary regressed too: the environment may have drifted")).toList();
    }
}
