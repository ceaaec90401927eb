package io.benchlab.lab.nightly;

import io.benchlab.lab.ResultFiles;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.lab.pipeline.Sweep;
import io.benchlab.lab.pipeline.SweepRow;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import io.benchlab.runner.run.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code lab nightly} without its command line. A night is a folder under the results root, named
 * for the night, holding each cell's result ({@code <cell>.json}) and the reports. Every cell is
 * planned first, so that a bad plan stops the night before anything runs; a cell whose result is
 * already there (and not interrupted) is kept, so a night started again runs, and streams to
 * InfluxDB, only what had not finished. Then each cell is judged against its earlier nights (the
 * folders before this one), the canary tells drift of the environment from a regression, and the
 * reports are written. Exit code 0 when every cell passes, 1 when one regressed or failed.
 */
public final class Nightly {

    private Nightly() {
    }

    /** A cell planned: its name and its run (with --output in the night's folder). */
    record Planned(Cell cell, String key, PlannedRun run) {
    }

    /** PLANNER turns lab run's arguments into a checked run; bad arguments throw BadInputException. */
    public static int run(NightlyPlan plan, Path planFile, Path root, String night,
                          Function<List<String>, PlannedRun> planner, PrintWriter out, PrintWriter err) {
        Path dir = root.resolve(night);
        List<Planned> cells = plan(plan, dir, planner);
        List<Planned> toRun = new ArrayList<>();
        for (Planned p : cells) {
            if (finished(result(dir, p.key())) == null) {
                toRun.add(p);
            } else {
                err.println("lab nightly: " + p.key() + ": kept, it finished on an earlier start of this night");
            }
        }
        err.flush();
        Map<String, String> notRun = new HashMap<>();
        List<CellVerdict> verdicts = new ArrayList<>();
        Sweep.each(toRun.stream().map(Planned::run).toList(), "lab nightly", "nightly cell", dir, out, err, rows -> {
            for (int i = 0; i < rows.size(); i++) {
                SweepRow row = rows.get(i);
                if (row.result() == null) {
                    notRun.put(toRun.get(i).key(), row.status());
                }
            }
            verdicts.addAll(judge(plan, cells, root, night, notRun));
            NightlyReports.write(dir, planFile, night, verdicts);
            out.print(NightlyReports.table(verdicts));
            out.println("report  " + dir.resolve(NightlyReports.MARKDOWN) + "  " + dir.resolve(NightlyReports.HTML));
            out.flush();
        });
        return verdicts.stream().allMatch(CellVerdict::pass) ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    /** Every cell planned, its result named in the night's folder, then the folder made: a bad plan leaves nothing behind. */
    private static List<Planned> plan(NightlyPlan plan, Path dir, Function<List<String>, PlannedRun> planner) {
        Map<String, Planned> cells = new LinkedHashMap<>();
        for (Cell cell : plan.cells()) {
            PlannedRun run = planned(planner, cell, cell.runArgs());
            String key = cell.key(run.spec().profile().name());
            var named = new PlannedRun(run.backend(), run.spec().withOutputFile(result(dir, key)));
            if (cells.putIfAbsent(key, new Planned(cell, key, named)) != null) {
                throw new BadInputException("plan: cell " + key + " is planned twice");
            }
        }
        WritableDirectory.problem(dir).ifPresent(why -> {
            throw new BadInputException("the night's folder " + dir + " cannot hold the results: " + why);
        });
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException("cannot make the night's folder " + dir + ": " + e.getMessage());
        }
        return List.copyOf(cells.values());
    }

    private static PlannedRun planned(Function<List<String>, PlannedRun> planner, Cell cell, List<String> args) {
        try {
            return planner.apply(args);
        } catch (BadInputException e) {
            throw new BadInputException("plan: cell " + cell.engine() + (cell.profile() == null ? "" : " " + cell.profile())
                    + ", " + cell.clients() + (cell.clients() == 1 ? " client" : " clients") + (cell.canary() ? " (the canary)" : "") + ": "
                    + e.getMessage());
        }
    }

    private static List<CellVerdict> judge(NightlyPlan plan, List<Planned> cells, Path root, String night,
                                           Map<String, String> notRun) {
        CellJudge judge = new CellJudge(plan);
        List<CellVerdict> verdicts = new ArrayList<>();
        for (Planned p : cells) {
            Path file = result(root.resolve(night), p.key());
            RunResult tonight = read(file);
            String why = notRun.getOrDefault(p.key(), "the cell left no result");
            verdicts.add(judge.judge(p.key(), p.cell().canary(), tonight, file, why, earlier(root, night, p.key(),
                    plan.nights())));
        }
        return Canary.explain(verdicts);
    }

    /** The cell's results of the nights before NIGHT (folder names sort as nights do), the last N, oldest first. */
    static List<RunResult> earlier(Path root, String night, String key, int n) {
        List<RunResult> found = new ArrayList<>();
        try (Stream<Path> nights = Files.list(root)) {
            for (Path d : nights.filter(Files::isDirectory).filter(d -> d.getFileName().toString().compareTo(night) < 0)
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed()).toList()) {
                RunResult r = read(result(d, key));
                if (r != null && r.status() == Status.OK) {
                    found.add(0, r);
                    if (found.size() == n) {
                        break;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    static Path result(Path dir, String key) {
        return dir.resolve(key + ".json");
    }

    /** The result there, or null when there is none or it cannot be read (a night killed while writing). */
    private static RunResult read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ResultFiles.read(file);
        } catch (BadInputException unreadable) {
            return null;
        }
    }

    /** A result that ended (ok or failed), not one a stop cut short; null otherwise. */
    private static RunResult finished(Path file) {
        RunResult r = read(file);
        return r == null || r.status() == Status.INTERRUPTED ? null : r;
    }
}
