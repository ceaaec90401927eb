package io.benchlab.lab.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Judges one command written in the docs, without running it: {@code bin/lab ...} and
 * {@code bin/runner ...} are parsed by that program's picocli model (an unknown option, subcommand
 * or value is a problem); {@code make ...} must name targets the Makefile has and variables it
 * reads; a command that is a file of the repository ({@code .ci/containers}, {@code images/build})
 * must exist. Leading {@code NAME=value} words and {@code sudo} are set-up, not the command.
 * The one exception: a command holding a placeholder word such as {@code <db-node>} is a pattern,
 * not a command line, and is not judged.
 */
final class DocCommands {

    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    private static final Pattern PLACEHOLDER = Pattern.compile(".*<[a-z][a-z0-9-]*>.*");
    private static final Pattern REPO_FILE = Pattern.compile("(\\.ci|bin|images|bench|k8s)/[^\\s$]+");
    private static final Pattern TARGET = Pattern.compile("(?m)^([A-Za-z0-9_-]+(?:[ \\t]+[A-Za-z0-9_-]+)*)[ \\t]*:(?!=)");

    private final Path root;
    private final String makefile;
    private final Set<String> targets = new TreeSet<>();

    DocCommands(Path root) throws IOException {
        this.root = root;
        this.makefile = Files.readString(root.resolve("Makefile"));
        Matcher m = TARGET.matcher(makefile);
        while (m.find()) {
            targets.addAll(List.of(m.group(1).split("[ \\t]+")));
        }
    }

    /** Whether a command is one these checks judge (and so counts as checked). */
    static boolean judged(List<String> words) {
        List<String> command = command(words);
        return !command.isEmpty() && !placeholder(command) && (command.get(0).equals("make")
                || OptionsReference.PROGRAMS.containsKey(program(command.get(0)))
                || REPO_FILE.matcher(command.get(0)).matches());
    }

    /** What is wrong with the command, or nothing when it holds up (or is not one to judge). */
    Optional<String> problem(List<String> words) {
        if (!judged(words)) {
            return Optional.empty();
        }
        List<String> command = command(words);
        String first = command.get(0);
        List<String> args = command.subList(1, command.size());
        if (first.equals("make")) {
            return make(args);
        }
        Supplier<CommandLine> program = OptionsReference.PROGRAMS.get(program(first));
        if (program != null) {
            return parse(program.get(), args);
        }
        return Files.exists(root.resolve(first)) ? Optional.empty() : Optional.of(first + " is not a file of the repository");
    }

    private Optional<String> make(List<String> args) {
        for (String a : args) {
            if (a.startsWith("-")) {
                continue;
            }
            if (ASSIGNMENT.matcher(a).matches()) {
                String name = a.substring(0, a.indexOf('='));
                if (!Pattern.compile("\\$[({]" + name + "[)}]|(?m)^" + name + "\\s*[?:+]?=").matcher(makefile).find()) {
                    return Optional.of("the Makefile does not read " + name);
                }
            } else if (!targets.contains(a)) {
                return Optional.of("the Makefile has no target '" + a + "'");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> parse(CommandLine cmd, List<String> args) {
        try {
            for (ParseResult r = cmd.parseArgs(args.toArray(String[]::new)); r != null; r = r.subcommand()) {
                if (!r.unmatched().isEmpty()) {
                    return Optional.of("unmatched " + r.unmatched());
                }
            }
            return Optional.empty();
        } catch (CommandLine.ParameterException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The command proper: without leading assignments and sudo, and without its redirections. */
    private static List<String> command(List<String> words) {
        int from = 0;
        while (from < words.size() && (ASSIGNMENT.matcher(words.get(from)).matches() || words.get(from).equals("sudo"))) {
            from++;
        }
        int to = from;
        while (to < words.size() && !words.get(to).matches("\\d?>.*|<")) {
            to++;
        }
        return words.subList(from, to);
    }

    private static boolean placeholder(List<String> command) {
        return command.stream().anyMatch(w -> PLACEHOLDER.matcher(w).matches());
    }

    /** The program bin/NAME names, e.g. "lab"; "" for any other word. */
    private static String program(String word) {
        return word.startsWith("bin/") ? word.substring(4) : "";
    }
}
