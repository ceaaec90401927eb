package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.time.Duration;
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
    @ValueSource(strings = {
        "--scale 3 --clients 7 --duration 1500ms --warmup 0s --seed 42",
        "--transactions-per-client 250 --rate 1234.5 --rounds 3 --seed -7 --distribution pgbench --statements direct"
                + " --autocommit --isolation repeatable-read --max-tries 1000 --interval 250ms --load-batch-size 77"
                + " --statement-timeout 1500ms",
        "--statement-timeout 0 --seed 5",
        "--select-only --init --duration 2m --warmup 0.0005s --seed 0 --isolation serializable",
    })
    void theRunnersParserGivesBackTheSameWorkload(String given) {
        WorkloadConfig original = parse(List.of(given.split(" ")));
        List<String> spelled = RunnerArgs.workload(original);
        assertThat(parse(spelled)).isEqualTo(original);
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
        List<String> workloadPart = new ArrayList<>(args.subList(args.indexOf("--scale"), args.size()));
        assertThat(parse(workloadPart)).isEqualTo(w);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 999_999, 1_000_000, 1_500_000_000L, 3_600_000_000_000L})
    void durationsKeepEveryNanosecond(long nanos) {
        String text = RunnerArgs.duration(Duration.ofNanos(nanos));
        assertThat(new io.benchlab.runner.cli.DurationConverter().convert(text)).isEqualTo(Duration.ofNanos(nanos));
    }
}
