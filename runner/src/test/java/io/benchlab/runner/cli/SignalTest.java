package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C and SIGTERM on a real runner process: it stops within 5 s, writes its result as
 * interrupted, prints the summary like any run, and exits as a process killed by that signal
 * (130, 143), as the README's table says.
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
}
