package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.EnvironmentProbe;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** --help and --version: exit 0, usage on stdout, nothing on stderr. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class RunnerHelpTest {

    static Stream<Arguments> helpCases() {
        return Stream.of(
                Arguments.of(List.of("--help"), List.of("Usage: runner", "init", "run", "check", "--version")),
                Arguments.of(List.of("run", "--help"), List.of("Usage: runner run", "--clients", "--duration",
                        "--transactions-per-client", "--warmup", "--rate", "--rounds", "--seed", "--engine",
                        "--profile", "--jdbc-url", "--user", "--password-file", "--output", "--isolation",
                        "--distribution", "--statements", "--max-tries", "--scale", "--init", "(default: 4)")),
                Arguments.of(List.of("init", "--help"), List.of("Usage: runner init", "--scale", "--engine",
                        "--jdbc-url", "--load-batch-size", "--password-file")),
                Arguments.of(List.of("check", "--help"), List.of("Usage: runner check", "--engine", "--jdbc-url",
                        "--user", "--password-file")),
                Arguments.of(List.of("help", "run"), List.of("Usage: runner run", "--clients")));
    }

    @ParameterizedTest(name = "runner {0}")
    @MethodSource("helpCases")
    void helpExitsZeroWithUsage(List<String> args, List<String> mentions) {
        CliCapture.Outcome o = CliCapture.runner(args.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).as("%s", o).isEmpty();
        for (String m : mentions) {
            assertThat(o.out()).as("help mentions %s", m).contains(m);
        }
    }

    /** The runner has no backend of its own: a server engine needs --jdbc-url, and its help says so. */
    @ParameterizedTest(name = "runner {0} --help")
    @ValueSource(strings = {"run", "init", "check"})
    void serverEnginesNeedAJdbcUrl(String sub) {
        String help = CliCapture.runner(sub, "--help").out().replaceAll("\\s+", " ");
        assertThat(help).contains("postgres, mysql, mariadb, hsqldb-server (servers, with --jdbc-url)");
    }

    /** Durations accept days, and the help names the units and the ceiling. */
    @Test
    void durationHelpNamesTheUnits() {
        String help = CliCapture.runner("run", "--help").out().replaceAll("\\s+", " ");
        assertThat(help).contains("--duration=TIME").contains("30d");
    }

    @Test
    void hiddenOptionsStayHidden() {
        CliCapture.Outcome o = CliCapture.runner("run", "--help");
        assertThat(o.out()).doesNotContain("--backend-label");
    }

    @Test
    void versionIsOneBenchlabLine() {
        CliCapture.Outcome o = CliCapture.runner("--version");
        assertThat(o.exitCode()).isZero();
        assertThat(o.allErr()).isEmpty();
        List<String> lines = CliCapture.Outcome.lines(o.out());
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("benchlab ").doesNotContain("${");
        assertThat(EnvironmentProbe.labVersion()).isNotEqualTo("unknown");
        assertThat(lines.get(0)).contains(EnvironmentProbe.labVersion());
    }

    /** Every subcommand's help lists -V/--version, so it must print the version too. */
    @ParameterizedTest(name = "runner {0} --version")
    @ValueSource(strings = {"run", "init", "check"})
    void subcommandVersionPrintsTheVersion(String sub) {
        CliCapture.Outcome o = CliCapture.runner(sub, "--version");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).as("%s", o).startsWith("benchlab ");
    }

    /**
     * picocli formats descriptions with String.format: a lone '%' is logged as a warning on
     * stderr every time help is shown. Every description must be a valid format string.
     */
    @Test
    void everyDescriptionIsAValidFormatString() {
        CliCapture.assertValidDescriptions(RunnerMain.commandLine());
    }
}
