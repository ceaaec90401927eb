package io.benchlab.lab.nightly;

import io.benchlab.lab.compare.Verdict;
import java.nio.file.Path;

/**
 * A cell's night: its verdict against its earlier nights (no change, improved, regressed,
 * inconclusive, first night, not judged, failed), the cause in words, and its result file. It
 * lets the night pass unless its verdict fails one (see {@link Verdict#fails}).
 */
public record CellVerdict(String cell, boolean canary, Verdict verdict, String cause, Path result) {

    public boolean pass() {
        return !verdict.fails(false);
    }

    /** The same verdict with more said: what the canary says about a regression. */
    CellVerdict withCause(String more) {
        return new CellVerdict(cell, canary, verdict, cause + "; " + more, result);
    }
}
