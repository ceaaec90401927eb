package io.benchlab.lab.nightly;

import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.capacity.CapacityRun;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.lab.pipeline.Sweep;
import io.benchlab.lab.pipeline.SweepPoint;
import io.benchlab.lab.pipeline.SweepRow;
import io.benchlab.results.CapacityResult;
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
 * for the night, holding each cell's result ({@code <cell>.json}) and the reports; a capacity cell's
 * is its search's document, its steps' results beside it under their run ids (which start with a
 * time, so that no cell's name is ever a step's). Every cell is planned first, so that a bad plan
 * stops the night before anything runs; a cell whose result is already there (and not interrupted)
 * is kept, so a night started again runs, and streams to InfluxDB, only what had not finished.
 * Then each cell is judged against its earlier nights (the folders before this one), the canary
 * tells drift of the environment from a regression, and the reports are written. Exit code 0
 * when every cell passes, 1 when one regressed or failed.
 */
public final class Nightly {

    private Nightly() {
    }

    /** A cell planned: its name and its run (with --output in the night's folder), which it runs as its kind says. */
    record Planned(Cell cell, String key, PlannedRun run) implements SweepPoint {

        @Override
        public PlannedRun planned() {
            return run;
        }

        /** A run cell runs as lab run; a capacity cell as lab capacity, its document the cell's file. */
        @Override
        public SweepRow execute(Path resultsDir, PrintWriter out, PrintWriter err) throws Exception {
            if (cell.capacity() == null) {
                return run.execute(resultsDir, out, err);
            }
            Path file = run.spec().output().file();
            int exit = CapacityRun.run(run.backend(), run.spec(), cell.capacity(),
                    CapacityRun.nextId(run.spec().engine().name()), file, out, err);
            CapacityResult search = CellFile.CAPACITY.read(file);
            return SweepRow.ended(run, search == null ? "no capacity result" : search.status().json(),
                    search == null ? null : file, exit == ExitCodes.OK);
        }

        CellFile<?> kind() {
            return cell.capacity() == null ? CellFile.RUN : CellFile.CAPACITY;
        }
    }

    /** PLANNER turns lab run's arguments into a checked run; bad arguments throw BadInputException. */
    public static int run(NightlyPlan plan, Path planFile, Path root, String night,
                          Function<List<String>, PlannedRun> planner, PrintWriter out, PrintWriter err) {
        Path dir = root.resolve(night);
        List<Planned> cells = plan(plan, dir, planner);
        List<Planned> toRun = new ArrayList<>();
        for (Planned p : cells) {
            if (!p.kind().finished(result(dir, p.key()))) {
                toRun.add(p);
            } else {
                err.println("lab nightly: " + p.key() + ": kept, it finished on an earlier start of this night");
            }
        }
        err.flush();
        Map<String, String> notRun = new HashMap<>();
        List<CellVerdict> verdicts = new ArrayList<>();
        Sweep.each(toRun, "lab nightly", "nightly cell", dir, out, err, rows -> {
            for (int i = 0; i < rows.size(); i++) {
                SweepRow row = rows.get(i);
                if (row.file() == null) {
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
            PlannedRun run = planned(planner, cell);
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

    /**
     * A cell planned, and checked as the backend would before it runs (its nodes have room, its
     * pull secret is there), so that a plan that cannot run fails once before any cell does. A
     * capacity cell's steps take lab capacity's rounds and their length unless the plan gives them.
     */
    private static PlannedRun planned(Function<List<String>, PlannedRun> planner, Cell cell) {
        try {
            PlannedRun run = planner.apply(cell.runArgs());
            run.preflight();
            if (cell.capacity() == null) {
                return run;
            }
            RunSpec steps = CapacityRun.withStepDefaults(run.spec(), cell.runArgs().contains("--rounds"),
                    cell.runArgs().contains("--duration"));
            CapacityRun.check(steps);
            return new PlannedRun(run.backend(), steps);
        } catch (BadInputException e) {
            throw new BadInputException("plan: cell " + cell.engine() + (cell.profile() == null ? "" : " " + cell.profile())
                    + ", " + cell.clients() + (cell.clients() == 1 ? " client" : " clients") + (cell.canary() ? " (the canary)"
                    : cell.capacity() != null ? " (capacity)" : "") + ": " + e.getMessage());
        }
    }

    private static List<CellVerdict> judge(NightlyPlan plan, List<Planned> cells, Path root, String night,
                                           Map<String, String> notRun) {
        CellJudge judge = new CellJudge(plan);
        List<CellVerdict> verdicts = new ArrayList<>();
        for (Planned p : cells) {
            Path file = result(root.resolve(night), p.key());
            String why = notRun.getOrDefault(p.key(), "the cell left no result");
            verdicts.add(p.cell().capacity() == null
                    ? judge.judge(p.key(), p.cell().canary(), CellFile.RUN.read(file), file, why,
                            earlier(root, night, p.key(), plan.nights(), CellFile.RUN))
                    : CapacityCellJudge.judge(p.key(), p.cell().canary(), CellFile.CAPACITY.read(file), file, why,
                            earlier(root, night, p.key(), plan.nights(), CellFile.CAPACITY), plan.alpha()));
        }
        return Canary.explain(verdicts);
    }

    /**
     * The cell's ok results of the nights before NIGHT (folder names sort as nights do), the last N,
     * oldest first, each read as KIND (a run's result or a capacity document).
     */
    static <T> List<T> earlier(Path root, String night, String key, int n, CellFile<T> kind) {
        List<T> found = new ArrayList<>();
        try (Stream<Path> nights = Files.list(root)) {
            for (Path d : nights.filter(Files::isDirectory).filter(d -> d.getFileName().toString().compareTo(night) < 0)
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed()).toList()) {
                T r = kind.read(result(d, key));
                if (r != null && kind.ok(r)) {
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
}
