package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.runner.run.RunIds;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "run", mixinStandardHelpOptions = true,
        description = "Run TPC-B: load if needed, check, warm up, measure, check again, write the result.")
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    OutputOptions output;

    @Mixin
    InfluxOptions influx;

    @Option(names = "--influx-live-only", hidden = true,
            description = "Write only the live points (intervals, events) to InfluxDB; set by a lab that writes the"
                    + " run's summary itself, once it has completed the result.")
    boolean influxLiveOnly;

    @Option(names = "--backend-label", hidden = true, defaultValue = "embedded",
            description = "What the result records as the backend; set by the lab when it launches the runner.")
    String backend;

    @Option(names = "--run-id", hidden = true,
            description = "The run id to record; set by the lab, which labels its containers or pods with it.")
    String runId;

    @Option(names = "--result-frame", hidden = true,
            description = "Print the result on stdout as a checksummed frame, not the summary; set by a lab that"
                    + " cannot read this runner's files (a Kubernetes Job pod).")
    boolean framed;

    @Override
    public Integer call() throws Exception {
        var config = workload.toConfig();
        var resolved = target.toTarget();
        var influxSettings = influx.settings();
        return RunAction.execute(runId != null ? runId : RunIds.next(resolved.engine().name()), resolved, config,
                Placement.of(backend), output.toOutput(), influxSettings, influxLiveOnly, framed, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }
}
