package io.benchlab.runner.cli;

import io.benchlab.results.Placement;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.pods.ClientPods;
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

    @Mixin
    ContainerStatsOptions container;

    @Option(names = "--influx-live-only", hidden = true,
            description = "Write only the live points (intervals, events) to InfluxDB; set by a lab that writes the"
                    + " run's summary itself, once it has completed the result.")
    boolean influxLiveOnly;

    @Option(names = "--backend-label", hidden = true, defaultValue = "embedded",
            description = "What the result records as the backend; set by the lab when it launches the runner.")
    String backend;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "The run id to record (default: a new one). The lab sets it and labels its containers or pods"
                    + " with it; the client pods of one run share it.")
    String runId;

    @Option(names = "--result-frame", hidden = true,
            description = "Print the result on stdout as a checksummed frame, not the summary; set by a lab that"
                    + " cannot read this runner's files (a Kubernetes Job pod).")
    boolean framed;

    @Option(names = "--client-pods", paramLabel = "N", defaultValue = "1",
            description = "Split the run's --clients over N runner processes (client pods) against one database; run"
                    + " this command once per pod, each with its own --client-pod and the same --run-id. They meet in the"
                    + " database before"
                    + " each round; pod 0 loads, checks and samples for all (default: ${DEFAULT-VALUE}).")
    int clientPods;

    @Option(names = "--client-pod", paramLabel = "I",
            description = "Which of the --client-pods this process is, from 0 (default: $" + JOB_INDEX_ENV
                    + ", as a Kubernetes Indexed Job sets it, else 0).")
    Integer clientPod;

    /** What a Kubernetes Indexed Job tells each of its pods. */
    static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";

    @Override
    public Integer call() throws Exception {
        var config = workload.toConfig();
        var pods = new ClientPods(clientPod != null ? clientPod : jobIndex(), clientPods).requireClients(config.clients());
        if (!pods.alone() && runId == null) {
            throw new BadInputException("--client-pods " + pods.count() + " needs --run-id, the same for every pod:"
                    + " they meet in the database under it");
        }
        var resolved = target.toTarget().withContainer(container.toSource());
        var influxSettings = influx.settings();
        return RunAction.execute(runId != null ? runId : RunIds.next(resolved.engine().name()), resolved, config, pods,
                Placement.of(backend), output.toOutput(), influxSettings, influxLiveOnly, framed, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    private static int jobIndex() {
        String index = System.getenv(JOB_INDEX_ENV);
        if (index == null || index.isBlank()) {
            return 0;
        }
        try {
            return Integer.parseInt(index.strip());
        } catch (NumberFormatException e) {
            throw new BadInputException("$" + JOB_INDEX_ENV + " is not a pod index: '" + index + "'");
        }
    }
}
