package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of README.md and docs/ leads to a file of the repository, and a link to a
 * heading (#anchor) to a heading that page has, as GitHub names its anchors.
 */
class DocLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("#{1,6} +(.+)");

    @Test
    void everyLinkLeadsSomewhere() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : DocCommandsTest.pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("[a-z]+:.*")) {
                        continue;
                    }
                    String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                    Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                    String where = DocCommandsTest.ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
                    if (!Files.exists(to)) {
                        broken.add(where + " (no such file)");
                    } else if (target.contains("#") && !anchors(to).contains(target.substring(target.indexOf('#') + 1))) {
                        broken.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertThat(broken).as("links in the docs that lead nowhere").isEmpty();
    }

    @Test
    void aCommentInACodeBlockIsNoHeadingAndARepeatedHeadingIsNumbered(@TempDir Path dir) throws IOException {
        Path page = Files.writeString(dir.resolve("page.md"),
                "# Run\n\n```sh\n# not a heading\nmake run\n```\n\n## Options\n\n## Options\n");
        assertThat(anchors(page)).containsExactly("run", "options", "options-1");
    }

    @Test
    void anchorsAreNamedAsGithubNamesThem() {
        assertThat(anchor("Several runs at once: `lab sweep`")).isEqualTo("several-runs-at-once-lab-sweep");
        assertThat(anchor("The database's side")).isEqualTo("the-databases-side");
    }

    /** The page's anchors: its headings outside code blocks, a repeated one with -1, -2... as GitHub adds. */
    static List<String> anchors(Path page) throws IOException {
        List<String> anchors = new ArrayList<>();
        boolean inCode = false;
        for (String line : Files.readAllLines(page)) {
            if (line.stripLeading().startsWith("```")) {
                inCode = !inCode;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!inCode && m.matches()) {
                String anchor = anchor(m.group(1));
                long before = anchors.stream().filter(a -> a.equals(anchor)).count();
                anchors.add(before == 0 ? anchor : anchor + "-" + before);
            }
        }
        return anchors;
    }

    private static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
    }
}
