package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.LocalRun;
import io.benchlab.runner.workload.tpcb.TpcbLoader;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "init", mixinStandardHelpOptions = true,
        description = "Create the TPC-B tables and load them at a scale; drops what was there.")
final class InitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions targetOptions;

    @Mixin
    LoadOptions load;

    @Override
    public Integer call() throws Exception {
        int scale = load.scale();
        int batchSize = load.batchSize();
        WorkloadConfig.checkLoad(scale, batchSize);
        Target target = targetOptions.toTarget();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (target.managed() && !target.profile().persistent()) {
            err.println("note: profile " + target.profile().name()
                    + " lives only as long as this process; 'run' loads it itself");
        }
        try (Connection c = Benchmark.connectOrBadInput(target)) {
            TpcbLoader.Outcome loaded = new TpcbLoader(target.engine(), batchSize,
                    (table, done, total, seconds) -> LocalRun.progressLine(err, table, done, total, seconds),
                    Defaults.LOAD_PROGRESS_EVERY.toNanos()).load(c, scale);
            if (target.managed()) {
                target.engine().shutdown(c, target.profile());
            }
            out.printf(Locale.ROOT, "loaded scale %d: %d rows in %.2f s (%s)%n",
                    scale, loaded.rows(), loaded.seconds(), loaded.method());
            out.flush();
        }
        return ExitCodes.OK;
    }
}
