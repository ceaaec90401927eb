package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C and SIGTERM on a real runner process: it stops within 5 s, writes its result as
 * interrupted, prints the summary like any run, and exits as a process killed by that signal
 * (130, 143), as docs/reference/exit-codes.md says. These cases depend on how the tests were launched: a
 * signal the test JVM inherited as ignored is ignored by the runner too, and then the case fails
 * naming that, rather than timing out.
 */
class SignalTest {

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"TERM, 143", "INT, 130"})
    void aSignalledRunPrintsItsSummaryAndWritesItsResultAsInterrupted(String signal, int expectedExit,
                                                                      @TempDir Path dir) throws Exception {
        Path result = dir.resolve("result.json");
        try (RunnerProcess runner = RunnerProcess.start(dir, Map.of(), "run", "--engine", "hsqldb",
                "--jdbc-url", "jdbc:hsqldb:mem:signal-" + UUID.randomUUID() + ";hsqldb.tx=mvcc",
                "--clients", "2", "--duration", "60s", "--warmup", "0s", "--output", result.toString())) {
            runner.awaitErr("round 1", 60);
            double seconds = runner.signalAndWait(signal, 10);

            assertThat(seconds).as("SIG%s to exit, s", signal).isLessThan(5.0);
            assertThat(runner.exitCode()).isEqualTo(expectedExit);
            assertThat(runner.out()).as("the summary on stdout").contains("status interrupted", "tps", "check",
                    "result             " + result);
        }
        RunResult r = ResultJson.read(result);
        assertThat(ResultValidator.validate(Files.readString(result))).isEmpty();
        assertThat(r.status().json()).isEqualTo("interrupted");
        assertThat(r.figures().committed()).isPositive();
    }

    /** SIGINT inherited as ignored, as by a job a non-interactive shell starts in the background. */
    @Test
    void aSignalTheRunnerInheritedAsIgnoredIsNamedNotWaitedFor(@TempDir Path dir) throws Exception {
        try (RunnerProcess runner = RunnerProcess.start(List.of("env", "--ignore-signal=INT"), RunnerMain.class, dir,
                Map.of(), "run", "--engine", "hsqldb", "--jdbc-url", "jdbc:hsqldb:mem:ignored-" + UUID.randomUUID(),
                "--clients", "1", "--duration", "60s", "--warmup", "0s", "--output", dir.resolve("r.json").toString())) {
            runner.awaitErr("round 1", 60);
            long before = System.nanoTime();
            assertThatThrownBy(() -> runner.signalAndWait("INT", 10)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("SIGINT reaches no handler: the runner process ignores it")
                    .hasMessageContaining("env --default-signal=INT make test");
            assertThat((System.nanoTime() - before) / 1e9).as("named at once, s").isLessThan(5.0);
        }
    }
}
