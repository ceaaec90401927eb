package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.StopHook;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs planned points one after another, each through {@link RunPipeline} as {@code lab run} would
 * (or as another {@link SweepPoint} runs itself), so that each keeps its own result file. A point
 * that fails or throws does not stop the others; a signal stops the sweep once the point it cut
 * into has written its result. One table ends it.
 */
public final class Sweep {

    /**
     * A signal holds the JVM until the table is out: the point's own hold (its runner's result and the
     * removal of what it made), and a moment to print.
     */
    private static final Duration SIGNAL_HOLD = RunPipeline.SIGNAL_HOLD.plusSeconds(10);

    private Sweep() {
    }

    /**
     * Exit code 0 when every point ran and its run exited 0, else 1. {@code setups}: each point's
     * set-up, for the table to name and judge (see {@link SweepTable}).
     */
    public static int run(List<PlannedRun> points, SweepSetups setups, Path resultsDir, PrintWriter out,
                          PrintWriter err) {
        List<SweepRow> rows = each(points, "lab sweep", "sweep point", resultsDir, out, err, done -> {
            out.print(SweepTable.format(done, setups, CompareRules.defaults()));
            out.flush();
        });
        return rows.stream().allMatch(SweepRow::ok) ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    /**
     * Runs each point the way a sweep does ({@code what} names the points in progress lines,
     * {@code command} starts a point's error line) and gives the rows to {@code atEnd} (a table, a
     * report) while a signal still holds the JVM.
     */
    public static List<SweepRow> each(List<? extends SweepPoint> points, String command, String what, Path resultsDir,
                                      PrintWriter out, PrintWriter err, Consumer<List<SweepRow>> atEnd) {
        List<SweepRow> rows = new ArrayList<>();
        try (StopHook signals = StopHook.install("benchlab-sweep-stop", () -> { }, SIGNAL_HOLD)) {
            for (SweepPoint point : points) {
                if (signals.signalled()) {
                    rows.add(SweepRow.notRun(point.planned(), "stopped before it ran"));
                    continue;
                }
                Progress progress = new Progress(err, point.planned().spec().output().quiet());
                progress.lab("%s %d of %d: %s", what, rows.size() + 1, points.size(),
                        SweepRow.label(point.planned()));
                rows.add(runPoint(command, point, resultsDir, out, err));
            }
            atEnd.accept(rows);
        }
        return rows;
    }

    private static SweepRow runPoint(String command, SweepPoint point, Path resultsDir, PrintWriter out,
                                     PrintWriter err) {
        try {
            return point.execute(resultsDir, out, err);
        } catch (Exception e) {
            // What lab run would end on (a Docker API error, a refusal the backend's check made): this point's.
            String why = e.getMessage() == null ? e.toString() : e.getMessage().replaceAll("\\s*[\\r\\n]+\\s*", " ");
            err.println(command + ": " + SweepRow.label(point.planned()) + ": " + why);
            err.flush();
            return SweepRow.notRun(point.planned(), why);
        }
    }
}
