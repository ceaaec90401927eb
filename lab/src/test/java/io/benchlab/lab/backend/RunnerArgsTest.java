package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** The runner in a container must run exactly the workload the lab was given. */
class RunnerArgsTest {

    @Command
    static final class Holder {
        @Mixin
        WorkloadOptions workload;

        @Mixin
        OutputOptions output;
    }

    static WorkloadConfig parse(List<String> args) {
        Holder h = new Holder();
        new CommandLine(h).parseArgs(args.toArray(String[]::new));
        return h.workload.toConfig();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--quiet", "--strict", "--quiet --strict"})
    void theCommandNamesTheDatabaseByPasswordFileNeverByPassword(String outputOptions) {
        WorkloadConfig w = parse(List.of("--seed", "1"));
        Holder h = new Holder();
        new CommandLine(h).parseArgs(outputOptions.isEmpty() ? new String[0] : outputOptions.split(" "));
        List<String> args = RunnerArgs.run("20261122T000000Z-postgres-abcd", "docker",
                new RunnerArgs.Database("postgres", "relaxed", "jdbc:postgresql://10.88.0.5:5432/bench", "bench",
                        "/run/secrets/db-password"), w, h.output.toOutput());
        boolean quiet = outputOptions.contains("--quiet");
        assertThat(args.subList(0, 3)).containsExactly("run", "--run-id", "20261122T000000Z-postgres-abcd");
        assertThat(String.join(" ", args)).contains("--password-file /run/secrets/db-password",
                "--output " + RunnerArgs.RESULT_FILE, "--backend-label docker", "--profile relaxed")
                .doesNotContain("password=");
        assertThat(args.contains("--quiet")).isEqualTo(quiet);
        assertThat(args.contains("--strict")).isEqualTo(outputOptions.contains("--strict"));
        // The knobs follow the fixed options and the output flags; a knob left to its default is not passed.
        int knobs = args.indexOf(RunnerArgs.RESULT_FILE) + 1 + (quiet ? 1 : 0) + (outputOptions.contains("--strict") ? 1 : 0);
        List<String> workloadPart = new ArrayList<>(args.subList(knobs, args.size()));
        assertThat(parse(workloadPart)).isEqualTo(w);
    }
}
