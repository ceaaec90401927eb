package io.benchlab.lab.nightly;

import java.nio.file.Path;

/**
 * A cell's night: its verdict against its earlier nights (no change, improved, regressed,
 * inconclusive, first night, not judged, failed), the cause in words, its result file, and whether
 * it lets the night pass.
 */
public record CellVerdict(String cell, boolean canary, String verdict, String cause, Path result, boolean pass) {

    /** The same verdict with more said: what the canary says about a regression. */
    CellVerdict withCause(String more) {
        return new CellVerdict(cell, canary, verdict, cause + "; " + more, result, pass);
    }
}
