package io.benchlab.lab.pipeline;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * A point of a sweep that knows how to run itself: a {@link PlannedRun} is one run through
 * {@link RunPipeline}, a nightly's capacity cell a search of many. Its planned run names it (engine,
 * clients) and says whether it is quiet.
 */
public interface SweepPoint {

    /** What the point runs, or the run its steps are made from. */
    PlannedRun planned();

    /** Runs the point, its result going to its own file (or RESULTS_DIR), and says how it ended. */
    SweepRow execute(Path resultsDir, PrintWriter out, PrintWriter err) throws Exception;
}
