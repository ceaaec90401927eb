package io.benchlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab compare on results that older runners wrote (schema 3 and 4, and 5 from before server_stats
 * and driver were knobs; see the runner's OlderResultsTest): it prints what it printed before their
 * knobs were declared and they were read through upgraders (older/*.out, made by the lab at
 * 0a2218f from the same files), and refuses one against a result of today for the one thing their
 * runners did otherwise: they did not sample the server.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class OlderResultsCompareTest {

    @TempDir
    Path dir;

    private String older(String name) throws IOException {
        return Files.writeString(dir.resolve(name), resource(name)).toString();
    }

    private String compare(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, all);
        assertThat(o.exitCode()).as("%s", o).isZero();
        return o.out().replace(dir + "/", "");
    }

    /** From older/ on the class path: the results are the runner's test resources, the outputs the lab's. */
    private static String resource(String name) throws IOException {
        try (InputStream in = OlderResultsCompareTest.class.getResourceAsStream("/older/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theyCompareAsTheyDidBefore() throws IOException {
        assertThat(compare(older("schema-3-embedded.json"), older("schema-4-embedded.json"),
                older("schema-5-before-server-stats.json"))).isEqualTo(resource("compare-embedded.out"));
        assertThat(compare(older("schema-3-docker.json"), older("schema-4-docker.json")))
                .isEqualTo(resource("compare-docker.out"));
    }

    @Test
    void againstAResultOfTodayTheyDifferInTheServerStatsTheyDidNotSample() throws IOException {
        String today;
        try (InputStream in = OlderResultsCompareTest.class.getResourceAsStream("/golden/run-result-seed42.json")) {
            today = Files.write(dir.resolve("today.json"), in.readAllBytes()).toString();
        }
        CliCapture.run(LabMain::commandLine, "compare", older("schema-3-embedded.json"), today)
                .assertBadInputLine("refusing to compare 20250301T090000Z-hsqldb-2a2a with the baseline"
                        + " 20250301T090000Z-hsqldb-2a2a: they differ in server-stats off vs on (--allow-differences"
                        + " compares them anyway)");
        assertThat(compare("--allow-differences", older("schema-4-embedded.json"), today))
                .contains("differs (allowed): server-stats off vs on\n");
    }
}
