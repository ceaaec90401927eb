package io.benchlab.lab.cli;

import io.benchlab.lab.backend.kubernetes.Cleaner;
import io.benchlab.runner.cli.VersionProvider;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "clean", mixinStandardHelpOptions = true,
        description = "Remove what kubernetes runs left in the namespace (a lab killed with -9): every Job, pod,"
                + " Service, Secret and PersistentVolumeClaim labelled benchlab.io/run-id.")
final class CleanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--run-id", paramLabel = "ID", description = "Only this run's objects (default: every run's).")
    String runId;

    @Override
    public Integer call() {
        List<String> removed = Cleaner.clean(cluster.kubeconfig(), cluster.namespace(), runId);
        var out = spec.commandLine().getOut();
        out.println(removed.isEmpty() ? "nothing to remove in namespace " + cluster.namespace()
                : "removed " + removed.size() + " objects in namespace " + cluster.namespace() + ": " + String.join(", ", removed));
        out.flush();
        return 0;
    }
}
