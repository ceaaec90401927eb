package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/reference/ holds exactly the pages {@link OptionsReference} renders from the commands as
 * they run: a committed page that differs, is missing or names a command that is gone fails, naming
 * the file and how to write them again. With {@code -Dbenchlab.docs.update=true} (make docs) the
 * test writes them instead.
 */
class OptionsReferenceTest {

    static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    static final Path REFERENCE = ROOT.resolve("docs/reference");
    static final String REGENERATE = "regenerate with `make docs` (mvn -B -q -o -Dbenchlab.git.sha=dev package -pl lab -am"
            + " -DskipITs -Dtest=OptionsReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dbenchlab.docs.update=true)";
    private static final Pattern LONG_OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");

    @Test
    void theCommittedReferenceIsWhatTheCommandsSay() throws IOException {
        Map<String, String> pages = OptionsReference.pages();
        if (Boolean.getBoolean("benchlab.docs.update")) {
            Files.createDirectories(REFERENCE);
            for (Map.Entry<String, String> p : pages.entrySet()) {
                Files.writeString(REFERENCE.resolve(p.getKey()), p.getValue());
            }
            for (Path stale : generatedFiles()) {
                if (!pages.containsKey(stale.getFileName().toString())) {
                    Files.delete(stale);
                }
            }
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> p : pages.entrySet()) {
            Path file = REFERENCE.resolve(p.getKey());
            if (!Files.exists(file)) {
                problems.add(ROOT.relativize(file) + " is missing");
            } else {
                String difference = firstDifference(p.getValue(), Files.readString(file));
                if (difference != null) {
                    problems.add(ROOT.relativize(file) + " differs from the command's --help: " + difference);
                }
            }
        }
        for (Path file : generatedFiles()) {
            if (!pages.containsKey(file.getFileName().toString())) {
                problems.add(ROOT.relativize(file) + " documents a command that does not exist");
            }
        }
        assertThat(problems).as("docs/reference/ is out of date; " + REGENERATE).isEmpty();
    }

    /** Every long option --help lists for a command is on its page, and the page names no other. */
    @Test
    void everyPageNamesTheOptionsItsHelpLists() {
        for (var program : OptionsReference.PROGRAMS.values()) {
            List<CommandLine> all = new ArrayList<>();
            collect(program.get(), all);
            for (CommandLine cmd : all) {
                String page = OptionsReference.page(cmd.getCommandSpec());
                String options = page.contains("## Options") ? page.substring(page.indexOf("## Options")) : "";
                options = options.contains("## Commands") ? options.substring(0, options.indexOf("## Commands")) : options;
                Set<String> listed = new TreeSet<>();
                for (String row : options.lines().filter(l -> l.startsWith("| `")).toList()) {
                    listed.addAll(longOptions(row.substring(0, row.indexOf(" | ", 2))));
                }
                String help = cmd.getUsageMessage(CommandLine.Help.Ansi.OFF);
                Set<String> inHelp = new TreeSet<>();
                help.lines().filter(l -> l.matches("^\\s{0,8}(-\\w, )?--.*")).forEach(l -> inHelp.add(longOptions(l).get(0)));
                assertThat(listed).as("options of %s", cmd.getCommandSpec().qualifiedName()).isEqualTo(inHelp);
                assertThat(page).as("variables rendered").doesNotContain("${");
            }
        }
    }

    @Test
    void anOptionBuiltInCodeIsDocumentedWithItsDefault() {
        CommandSpec spec = CommandSpec.create().name("knobbed");
        spec.addOption(OptionSpec.builder("--frobs").paramLabel("N").type(int.class).defaultValue("7")
                .description("Frobs per transaction (default: ${DEFAULT-VALUE}).").build());
        spec.addOption(OptionSpec.builder("--hidden-frobs").hidden(true).type(int.class).build());
        new CommandLine(spec);
        String page = OptionsReference.page(spec);
        assertThat(page).contains("| `--frobs` | `N` | `7` | Frobs per transaction (default: 7). |")
                .doesNotContain("hidden-frobs").startsWith(OptionsReference.MARKER);
    }

    @Test
    void helpWordsAreTextNotMarkup() {
        assertThat(OptionsReference.text("on|off, images/<engine>/ *IT  a_b [x]"))
                .isEqualTo("on\\|off, images/&lt;engine&gt;/ \\*IT a\\_b \\[x\\]");
    }

    private static void collect(CommandLine cmd, List<CommandLine> into) {
        into.add(cmd);
        OptionsReference.documented(cmd.getCommandSpec()).forEach(c -> collect(c, into));
    }

    private static List<String> longOptions(String s) {
        List<String> names = new ArrayList<>();
        Matcher m = LONG_OPTION.matcher(s.replace("\\", ""));
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    private static List<Path> generatedFiles() throws IOException {
        if (!Files.isDirectory(REFERENCE)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(REFERENCE)) {
            List<Path> generated = new ArrayList<>();
            for (Path f : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                if (Files.readString(f).startsWith(OptionsReference.MARKER)) {
                    generated.add(f);
                }
            }
            return generated;
        }
    }

    /** Where two texts part, as "line N: expected ..., found ...", or null when they are equal. */
    static String firstDifference(String expected, String found) {
        if (expected.equals(found)) {
            return null;
        }
        List<String> e = expected.lines().toList();
        List<String> f = found.lines().toList();
        for (int i = 0; i < Math.max(e.size(), f.size()); i++) {
            String a = i < e.size() ? e.get(i) : "(end of file)";
            String b = i < f.size() ? f.get(i) : "(end of file)";
            if (!a.equals(b)) {
                return "line " + (i + 1) + ": expected \"" + a + "\", found \"" + b + "\"";
            }
        }
        return "line endings or the final newline differ";
    }
}
