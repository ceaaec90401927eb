package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of numbered steps ({@code ## 3. Title}), each step's {@code sh} code blocks one script,
 * run as a person would paste it into bash: so that a test runs the page as written, and fails
 * when the page and the test drift apart. A test may change a step only through
 * {@link #replace}, which fails when the text it replaces is no longer on the page: every
 * difference between what the page says and what the test runs is named in the test.
 */
public final class PageSteps {

    private static final Pattern STEP = Pattern.compile("(?m)^## (\\d+)\\. .*$");
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```sh\\n(.*?)^```\\n");

    private final Path page;
    private final Map<Integer, String> steps;

    private PageSteps(Path page, Map<Integer, String> steps) {
        this.page = page;
        this.steps = steps;
    }

    /** PAGE's steps, each the text of its sh blocks in order. */
    public static PageSteps read(Path page) throws IOException {
        String text = Files.readString(page);
        Map<Integer, String> steps = new LinkedHashMap<>();
        Matcher heading = STEP.matcher(text);
        List<int[]> bounds = new ArrayList<>();
        while (heading.find()) {
            bounds.add(new int[] {Integer.parseInt(heading.group(1)), heading.end()});
        }
        for (int i = 0; i < bounds.size(); i++) {
            int end = i + 1 < bounds.size() ? text.lastIndexOf("\n## ", bounds.get(i + 1)[1]) : text.length();
            Matcher block = BLOCK.matcher(text.substring(bounds.get(i)[1], end));
            StringBuilder script = new StringBuilder();
            while (block.find()) {
                script.append(block.group(1));
            }
            steps.put(bounds.get(i)[0], script.toString());
        }
        return new PageSteps(page, steps);
    }

    /** Step N's script, as the page has it. */
    public String script(int n) {
        assertThat(steps).as(page + " has a step " + n).containsKey(n);
        return steps.get(n);
    }

    /** Step N with FROM replaced by TO: FROM must be on the page, or the page and its test have drifted. */
    public PageSteps replace(int n, String from, String to) {
        assertThat(script(n)).as(page + ", step " + n + ", holds what the test replaces").contains(from);
        Map<Integer, String> changed = new LinkedHashMap<>(steps);
        changed.put(n, script(n).replace(from, to));
        return new PageSteps(page, changed);
    }

    /** Runs step N with bash -euo pipefail in DIR, with ENV over this process's; its output, stdout and stderr. */
    public String run(int n, Path dir, Map<String, String> env, long timeoutSeconds) throws IOException,
            InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-euo", "pipefail", "-c", script(n)).directory(dir.toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile("benchlab-page-step-", ".log");
        pb.redirectOutput(log.toFile());
        Process bash = pb.start();
        boolean ended = bash.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!ended) {
            bash.destroyForcibly().waitFor();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        assertThat(ended && bash.exitValue() == 0).as("step %d of %s ended with exit 0 within %d s:\n%s\n--- its output:\n%s",
                n, page.getFileName(), timeoutSeconds, script(n), out).isTrue();
        return out;
    }
}
