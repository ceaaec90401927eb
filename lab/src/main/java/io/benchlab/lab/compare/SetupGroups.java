package io.benchlab.lab.compare;

import io.benchlab.lab.ResultFiles;
import io.benchlab.lab.TextTable;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import io.benchlab.runner.run.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code lab compare --by setup DIR}: the results of a folder (a sweep's, say) grouped by set-up
 * ({@link SetupKey}), each group one side of its runs, judged on tps against the baseline group at
 * the same engine and clients, as {@code lab sweep}'s table judges its points ({@link SetupVerdict}).
 * The baseline at a place is the group that matches every {@code --baseline KEY=VALUE} given (KEY:
 * profile, version, storage or a setting's key), the earliest-run one when several match; with none
 * given, the group of the earliest run there, which in a sweep's folder is the sweep's baseline.
 */
public final class SetupGroups {

    private SetupGroups() {
    }

    /** One set-up at its place: its runs, its name against the baseline, and its verdict (null: the baseline). */
    record Group(SetupKey key, List<RunResult> runs, String name, SetupVerdict verdict) {
    }

    /** Prints the table of every group and returns the exit code (1 when a group regressed). */
    public static int print(Path dir, List<String> baseline, CompareRules rules, PrintWriter out) {
        List<Group> groups = judge(read(dir), baselineParts(baseline), rules);
        List<List<String>> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("engine", "clients", "setup", "runs", "tps"));
        header.addAll(SetupVerdict.HEADER);
        lines.add(header);
        List<String> regressed = new ArrayList<>();
        for (Group g : groups) {
            List<String> line = new ArrayList<>(List.of(g.key().engine(), Integer.toString(g.key().clients()),
                    g.name(), Integer.toString(g.runs().size()), String.format(Locale.ROOT, "%.1f",
                    g.runs().stream().mapToDouble(r -> r.figures().tps()).average().orElse(Double.NaN))));
            line.addAll(g.verdict() == null ? SetupVerdict.baselineCells() : g.verdict().cells());
            lines.add(line);
            if (g.verdict() != null && g.verdict().verdict() == Verdict.REGRESSED) {
                regressed.add(g.key().place() + " " + g.name());
            }
        }
        out.print(TextTable.format(lines, List.of(false, true, false, true, true, true, true, true, false)));
        out.println(regressed.isEmpty() ? "no regression" : "regressed: " + String.join("; ", regressed));
        out.flush();
        boolean fails = groups.stream().anyMatch(g -> g.verdict() != null && g.verdict().verdict().fails(rules.strict()));
        return fails ? ExitCodes.RUN_FAILED : ExitCodes.OK;
    }

    /** The groups, place by place in the order their earliest runs ran, the baseline first at each. */
    static List<Group> judge(List<RunResult> results, Map<String, String> baseline, CompareRules rules) {
        results.forEach(r -> Compare.checkUsable(new ComparedRun(r.runId(), r), rules));
        List<RunResult> byTime = results.stream().sorted(Comparator.comparing((RunResult r) ->
                r.timestamps() == null || r.timestamps().started() == null ? "" : r.timestamps().started())
                .thenComparing(RunResult::runId)).toList();
        Map<SetupKey, List<RunResult>> sides = new LinkedHashMap<>();
        byTime.forEach(r -> sides.computeIfAbsent(SetupKey.of(r), k -> new ArrayList<>()).add(r));
        List<SetupKey> places = new ArrayList<>();
        sides.keySet().stream().filter(k -> places.stream().noneMatch(k::samePlace)).forEach(places::add);
        List<Group> groups = new ArrayList<>();
        for (SetupKey place : places) {
            List<SetupKey> here = sides.keySet().stream().filter(place::samePlace).toList();
            SetupKey base = here.stream().filter(k -> matches(k, baseline)).findFirst()
                    .orElseThrow(() -> new BadInputException("--baseline " + text(baseline) + ": no set-up at "
                            + place.place() + " has it; its set-ups: " + String.join("; ", here.stream()
                            .map(SetupGroups::describe).toList())));
            List<RunResult> baseRuns = sides.get(base);
            groups.add(new Group(base, baseRuns, "baseline", null));
            for (SetupKey k : here) {
                if (k != base) {
                    for (RunResult r : sides.get(k)) {
                        Compare.checkComparable(baseRuns.get(0), r, Differences.beyondSetup(baseRuns.get(0), r), rules);
                    }
                    groups.add(new Group(k, sides.get(k), k.nameAgainst(base), SetupVerdict.of(baseRuns, sides.get(k),
                            rules)));
                }
            }
        }
        return groups;
    }

    /** Whether the set-up has every part named: profile, version, storage, else a given setting's key. */
    static boolean matches(SetupKey k, Map<String, String> parts) {
        for (Map.Entry<String, String> p : parts.entrySet()) {
            String value = switch (p.getKey()) {
                case "profile" -> k.profile();
                case "version" -> k.version();
                case "storage" -> k.storage();
                default -> k.given().get(p.getKey());
            };
            if (!Objects.equals(value, p.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** --baseline's KEY=VALUE pairs; a pair without = or a key given twice is bad input. */
    static Map<String, String> baselineParts(List<String> pairs) {
        Map<String, String> parts = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new BadInputException("--baseline " + pair + ": give KEY=VALUE, KEY one of profile, version,"
                        + " storage or a setting's key, e.g. --baseline profile=durable");
            }
            if (parts.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip()) != null) {
                throw new BadInputException("--baseline " + pair.substring(0, eq) + " is given twice");
            }
        }
        return parts;
    }

    private static String describe(SetupKey k) {
        return "profile " + k.profile() + (k.given().isEmpty() ? "" : " " + k.givenText())
                + (k.version() == null ? "" : " version " + k.version()) + (k.storage() == null ? "" : " storage "
                + k.storage());
    }

    private static String text(Map<String, String> parts) {
        List<String> pairs = new ArrayList<>();
        parts.forEach((k, v) -> pairs.add(k + "=" + v));
        return String.join(" ", pairs);
    }

    /** Every result file (*.json) in the folder, by name; none, or one that is no result, is bad input. */
    static List<RunResult> read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("--by setup " + dir + ": not a folder of results");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).sorted()
                    .toList();
        } catch (IOException e) {
            throw new BadInputException("--by setup " + dir + ": " + FileProblem.describe(e));
        }
        if (files.isEmpty()) {
            throw new BadInputException("--by setup " + dir + ": the folder has no result files (*.json)");
        }
        return files.stream().map(ResultFiles::read).toList();
    }
}
