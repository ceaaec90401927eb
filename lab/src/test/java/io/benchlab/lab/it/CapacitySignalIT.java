package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.RunnerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGINT and SIGTERM in the middle of a capacity search's second step, in a JVM of its own: the
 * step that ran writes its result as interrupted, the capacity document is written as interrupted
 * with the steps so far, and the process exits as a signal ends it (130, 143), nothing left running.
 */
class CapacitySignalIT {

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalInTheSecondStepWritesBothResultsAsInterrupted(String signal, int exitCode, @TempDir Path dir)
            throws Exception {
        Path results = dir.resolve("results");
        Path capacityFile = results.resolve("capacity.json");
        // Steps of 5 rounds of 1 s at rates one client keeps with room (500, then 1,000 tps; it keeps
        // 5,000 here), judged generously (p99<=1s: this box stalls for 400 ms at times), so the first
        // passes and the search goes up; the second is cut into in its first round; --max-steps 3
        // would let a third run if the stop did not end the search.
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), "capacity", "--engine", "hsqldb",
                "--init", "--clients", "1", "--slo", "p99<=1s", "--start-rate", "500", "--max-steps", "3",
                "--duration", "1s", "--warmup", "0s", "-o", capacityFile.toString())) {
            awaitSecondStepMeasuring(lab, 60);
            lab.signalAndWait(signal, 30);
            assertThat(lab.exitCode()).as("exit code; stderr: %s", lab.err()).isEqualTo(exitCode);
            assertThat(lab.err()).doesNotContain("capacity step 3");

            CapacityResult c = CapacityJson.read(capacityFile);
            assertThat(CapacityJson.validate(Files.readString(capacityFile))).as("schema errors").isEmpty();
            assertThat(c.status()).isEqualTo(Status.INTERRUPTED);
            assertThat(c.cause()).isEqualTo("stopped before the search ended");
            assertThat(lab.out()).contains("search interrupted (stopped before the search ended)")
                    .contains("capacity result  " + capacityFile);
            List<CapacityStep> steps = c.steps();
            // The second step's rate follows from the first's judgement: up when it passed, as it should,
            // down should a stall of this box's have failed it; either way the second step was the one cut.
            double second = steps.get(0).pass() ? 1000.0 : 250.0;
            assertThat(steps).extracting(CapacityStep::offeredTps).containsExactly(500.0, second);
            RunResult first = ResultJson.read(Path.of(steps.get(0).file()));
            RunResult cut = ResultJson.read(Path.of(steps.get(1).file()));
            assertThat(first.status()).isEqualTo(Status.OK);
            assertThat(cut.status()).isEqualTo(Status.INTERRUPTED);
            assertThat(cut.knobs().rateTps()).isEqualTo(second);
            assertThat(steps.get(1).pass()).as("an interrupted step does not pass").isFalse();
            try (Stream<Path> files = Files.list(results)) {
                assertThat(files.map(p -> p.getFileName().toString()).sorted()).as("the two steps' results and the"
                        + " document, nothing else").containsExactlyInAnyOrder("capacity.json",
                        Path.of(steps.get(0).file()).getFileName().toString(),
                        Path.of(steps.get(1).file()).getFileName().toString());
            }
            // Embedded, the lab's JVM is all the search started: nothing that names its document still runs.
            assertThat(ProcessHandle.allProcesses().filter(p -> p.info().arguments().stream()
                    .flatMap(Stream::of).anyMatch(a -> a.contains(capacityFile.toString()))).toList())
                    .as("nothing left running").isEmpty();
        }
    }

    /**
     * Waits until stderr shows the second step measuring: a progress line at the rate it offers,
     * which only that step prints. Not any "round 1" line: on docker the runner's lines are relayed
     * late under load, so the first step's could still come after the second's start.
     */
    static void awaitSecondStepMeasuring(RunnerProcess lab, int seconds) throws Exception {
        String start = "capacity step 2: offered ";
        lab.awaitErr(start, seconds);
        Matcher rate = Pattern.compile(Pattern.quote(start) + "([\\d,]+) tps").matcher(lab.err());
        assertThat(rate.find()).as("the second step's rate in stderr: %s", lab.err()).isTrue();
        lab.awaitErr(String.format(Locale.ROOT, " of %.1f offered", Double.parseDouble(rate.group(1).replace(",", ""))),
                seconds);
    }
}
