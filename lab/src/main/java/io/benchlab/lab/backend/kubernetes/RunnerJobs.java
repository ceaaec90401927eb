package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.pods.ClientPods;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run's runner Jobs are made, from all that is not the runner's workload: the run's own Job
 * (made with the database, suspended until it is ready) and, for a series of steps on the run's
 * database, the Job of each step, which differs only by its run id and its workload.
 * {@code account}: the runner's ServiceAccount where the namespace has it (null: none).
 */
record RunnerJobs(String runId, String namespace, EngineImage image, String dbPod, KubernetesSettings settings,
                  ContainerLimits limits, String account) {

    /** The run's own Job: named by the run, suspended (the lab lets it go once the database is ready). */
    Job first(RunSpec spec) {
        return job(spec, runId, null);
    }

    /**
     * The Job of one step of a series (STEP_RUN_ID: its run id, which names it and its result),
     * made suspended as the first is, labelled as the run's and as the step's own.
     */
    Job step(RunSpec spec, String stepRunId) {
        return job(spec, stepRunId, stepRunId);
    }

    /** How many runner pods split the clients of SPEC. */
    ClientPods pods(RunSpec spec) {
        return settings.split(spec.workload().clients());
    }

    private Job job(RunSpec spec, String runnerId, String step) {
        // The token only where the runner reads the server's side, and the pod's usage with it.
        String runnerAccount = spec.samplesServer() ? account : null;
        ClientPods pods = pods(spec);
        List<String> args = new ArrayList<>(RunnerArgs.run(runnerId, "kubernetes", new RunnerArgs.Database(
                spec.engine().name(), spec.profile().name(), jdbcUrl(), image.user(), EngineImages.PASSWORD_FILE),
                spec.workload(), spec.output()));
        args.add("--result-frame");
        if (runnerAccount != null) {
            // Kubernetes puts the variable's value in; the lab sets it once the database pod is placed.
            args.addAll(List.of("--db-container-stats", "kubelet:$(" + RunObjects.DB_NODE_ENV + ")/" + namespace + "/"
                    + dbPod, "--kubelet-credentials", RunObjects.KUBELET_CREDENTIALS_DIR));
        }
        if (!pods.alone()) {
            args.addAll(List.of("--client-pods", Integer.toString(pods.count())));
        }
        // The pods reach InfluxDB at the URL given: on a cluster, loopback is the pod itself.
        args.addAll(RunnerArgs.influx(spec.influx(), spec.influx() == null ? null : spec.influx().url(),
                EngineImages.INFLUX_TOKEN_FILE));
        long deadline = spec.timeout().plus(LabDefaults.RUNNER_STOP_GRACE).toSeconds();
        return RunObjects.pulled(RunObjects.runnerJob(runId, namespace, new RunObjects.RunnerSpec(
                EngineImages.runnerTag(settings.registry()), args, limits, deadline,
                (int) LabDefaults.KUBE_TTL_AFTER_FINISHED.toSeconds(), true, spec.influx() != null, pods.count(),
                settings.shareClientNodes(), runnerAccount), step), settings.pulling());
    }

    /** The runner reaches the database by its Service's name, which is known before the Service exists. */
    String jdbcUrl() {
        return image.jdbcUrl(Labels.name(runId, "db"), image.port());
    }
}
