package io.benchlab.runner.cli;

import io.benchlab.results.Consistency.Sums;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import io.benchlab.runner.workload.tpcb.TpcbSchema;
import java.sql.Connection;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "check", mixinStandardHelpOptions = true,
        description = "Check the TPC-B consistency condition: branch, teller and account sums equal the history sum.")
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions targetOptions;

    @Override
    public Integer call() throws Exception {
        Target target = targetOptions.toTarget();
        try (Connection c = Benchmark.connectOrBadInput(target)) {
            if (!TpcbSchema.present(c)) {
                throw new io.benchlab.runner.core.BadInputException("no TPC-B tables in " + target.redactedUrl()
                        + "; run 'init' first");
            }
            Sums sums = ConsistencyCheck.sums(c);
            spec.commandLine().getOut().println((sums.match() ? "consistent: " : "INCONSISTENT: ") + ConsistencyCheck.describe(sums));
            return sums.match() ? ExitCodes.OK : ExitCodes.RUN_FAILED;
        }
    }
}
