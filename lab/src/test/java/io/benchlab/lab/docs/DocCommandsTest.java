package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command README.md and docs/ write in a code block runs as written: bin/lab and bin/runner
 * lines parse with the options their --help lists, make lines name the Makefile's targets and
 * variables, scripts of the repository exist ({@link DocCommands}); an option named in the prose
 * exists. A failure names the file and line.
 */
class DocCommandsTest {

    static final Path ROOT = OptionsReferenceTest.ROOT;

    @Test
    void everyCommandInTheDocsParses() throws IOException {
        DocCommands judge = new DocCommands(ROOT);
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (ShellLines.Command c : ShellLines.inCodeBlocks(Files.readString(page))) {
                checked += DocCommands.judged(c.words()) ? 1 : 0;
                judge.problem(c.words()).ifPresent(p -> problems.add(ROOT.relativize(page) + ":" + c.line() + ": "
                        + String.join(" ", c.words()) + ": " + p));
            }
        }
        assertThat(problems).as("commands in the docs that would not run as written").isEmpty();
        assertThat(checked).as("commands checked").isGreaterThan(20);
    }

    /**
     * An option the prose names in backticks is one some command has (hidden ones too: the design
     * pages name what the lab passes its runner), or one of another tool the page says it is for.
     */
    @Test
    void everyOptionTheProseNamesExists() throws IOException {
        Set<String> known = new TreeSet<>(Set.of("--http-bind-address"));
        for (var program : OptionsReference.PROGRAMS.values()) {
            addOptions(program.get(), known);
        }
        Pattern named = Pattern.compile("`(--[a-z][a-z0-9-]*)");
        List<String> unknown = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = named.matcher(lines.get(i));
                while (m.find()) {
                    if (!known.contains(m.group(1))) {
                        unknown.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + m.group(1));
                    }
                }
            }
        }
        assertThat(unknown).as("options the docs name that no command has").isEmpty();
    }

    private static void addOptions(CommandLine cmd, Set<String> into) {
        cmd.getCommandSpec().options().forEach(o -> into.addAll(List.of(o.names())));
        cmd.getSubcommands().values().forEach(c -> addOptions(c, into));
    }

    @Test
    void theReadmeShowsTheCommandsANewUserRuns() throws IOException {
        List<String> commands = ShellLines.inCodeBlocks(Files.readString(ROOT.resolve("README.md"))).stream()
                .map(c -> String.join(" ", c.words())).toList();
        assertThat(commands).contains("make run", "make test", "make run ENGINE=postgres CLIENTS=32")
                .anyMatch(c -> c.startsWith("bin/lab run --backend kubernetes"));
    }

    @Test
    void aWrongOptionSubcommandTargetOrVariableIsFound() throws IOException {
        DocCommands judge = new DocCommands(ROOT);
        assertThat(judge.problem(words("bin/lab run --engine postgres --no-such-knob 3"))).get().asString()
                .contains("--no-such-knob");
        assertThat(judge.problem(words("bin/lab frobnicate"))).get().asString().contains("frobnicate");
        assertThat(judge.problem(words("bin/runner run --clients many"))).get().asString().contains("many");
        assertThat(judge.problem(words("bin/lab stack up --no-such-port 1"))).isPresent();
        assertThat(judge.problem(words("make run NO_SUCH_VAR=1"))).get().asString().contains("NO_SUCH_VAR");
        assertThat(judge.problem(words("make no-such-target"))).get().asString().contains("no-such-target");
        assertThat(judge.problem(words("sudo .ci/no-such-script start"))).get().asString().contains(".ci/no-such-script");
    }

    @Test
    void aRightCommandHoldsUpWithItsSetUpAroundIt() throws IOException {
        DocCommands judge = new DocCommands(ROOT);
        for (String ok : List.of("BENCHLAB_PASSWORD=x bin/lab run --engine postgres --jdbc-url jdbc:postgresql://db/b --user b",
                "make run ENGINE=postgres CLIENTS=32 ARGS=\"--scale 32\"", "make images IMAGES=\"postgres runner\"",
                "sudo .ci/containers start && source /tmp/benchlab-containers/env",
                "bin/lab report results/*.json -o report.html > /dev/null", "bin/lab stack up --help")) {
            assertThat(judge.problem(words(ok))).as(ok).isEmpty();
        }
        assertThat(DocCommands.judged(words("bin/lab clean --run-id <run-id>"))).as("a placeholder is a pattern").isFalse();
    }

    @Test
    void linesAreSplitAsAShellSplitsThem() {
        String page = String.join("\n", "text", "```", "A=1 bin/lab run --clients 8 \\", "  --rate 100   # a comment",
                "kubectl get pods -n x | grep run; bin/lab clean", "X=\"$(cat 'f g')\" make run ARGS='--scale 2'", "```",
                "bin/lab outside a block");
        List<ShellLines.Command> commands = ShellLines.inCodeBlocks(page);
        assertThat(commands).extracting(ShellLines.Command::line).containsExactly(3, 5, 5, 5, 6);
        assertThat(commands).extracting(ShellLines.Command::words).containsExactly(
                List.of("A=1", "bin/lab", "run", "--clients", "8", "--rate", "100"),
                List.of("kubectl", "get", "pods", "-n", "x"), List.of("grep", "run"), List.of("bin/lab", "clean"),
                List.of("X=$(cat 'f g')", "make", "run", "ARGS=--scale 2"));
    }

    private static List<String> words(String line) {
        return ShellLines.split(line).get(0);
    }

    /** README.md and every page under docs/. */
    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
