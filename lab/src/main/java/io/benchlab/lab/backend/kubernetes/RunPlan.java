package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.pods.ClientPods;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;

/**
 * Everything one run will make, decided before anything is made: the objects (the same ones
 * {@code --dry-run} prints), the URL the runner connects with, and the run's password; and how
 * the Job of each later step of a series on its database is made ({@code runners}).
 */
record RunPlan(
        String runId,
        String namespace,
        String kubernetesVersion,
        EngineImage image,
        RunSpec spec,
        Secret password,
        io.fabric8.kubernetes.api.model.Secret secret,
        Pod dbPod,
        Service service,
        Job job,
        ClientPods clientPods,
        ServerSettings settings,
        PodStorage storage,
        PersistentVolumeClaim claim,
        RunnerJobs runners) {

    /**
     * {@code runnerAccount}: the runner's ServiceAccount, with which it reads the database pod's
     * usage from the kubelet; null where the namespace has none (the runner gets no token).
     */
    static RunPlan of(RunSpec spec, Provisioning provisioning, KubernetesSettings settings, String runId,
                      Secret password, String kubernetesVersion, String account) {
        return of(spec, provisioning, settings, runId, password, kubernetesVersion, account, null);
    }

    /** The database pod's image: --db-image, else the engine's tag for the profile and version, under the registry. */
    static String dbImage(RunSpec spec, Provisioning provisioning, KubernetesSettings settings) {
        return provisioning.dbImage() != null ? provisioning.dbImage()
                : EngineImages.of(spec.engine()).tag(spec.profile(), provisioning.engineVersion(), settings.registry());
    }

    /** {@code storageClass}: a pvc run's class, as the API server named it (null: as asked). */
    static RunPlan of(RunSpec spec, Provisioning provisioning, KubernetesSettings settings, String runId,
                      Secret password, String kubernetesVersion, String account, StorageClasses.Chosen storageClass) {
        ClientPods pods = settings.split(spec.workload().clients());
        EngineImage image = EngineImages.of(spec.engine());
        String ns = settings.namespace();
        String dbImage = dbImage(spec, provisioning, settings);
        // A pod's args replace the image's CMD: the descriptor's copy of it comes first, then the settings.
        List<String> dbArgs = provisioning.settings().isEmpty() ? List.of()
                : image.settings().command(null, provisioning.settings());
        PodStorage storage = PodStorage.of(provisioning.storage(), image.dataDir(), provisioning.db().memoryBytes(),
                runId, storageClass);
        Pod db = RunObjects.pulled(RunObjects.databasePod(runId, ns, new RunObjects.DatabaseSpec(dbImage,
                image.port(), image.env(), provisioning.db(), dbArgs, storage.volume())), settings.pulling());
        RunnerJobs runners = new RunnerJobs(runId, ns, image, db.getMetadata().getName(), settings,
                provisioning.runner(), account);
        return new RunPlan(runId, ns, kubernetesVersion, image, spec, password,
                RunObjects.secret(runId, ns, password.reveal(), spec.influx() == null ? null
                        : spec.influx().token().reveal()), db, RunObjects.databaseService(runId, ns, image.port()),
                runners.first(spec), pods, provisioning.settings(), storage, storage.claim(runId, ns), runners);
    }

    String dbImage() {
        return dbPod.getSpec().getContainers().get(0).getImage();
    }

    String runnerJdbcUrl() {
        return runners.jdbcUrl();
    }

    String user() {
        return image.user();
    }

    /** In the order they are made: the Job first, since it owns the rest; the claim before the pod that uses it. */
    List<HasMetadata> objects() {
        return claim == null ? List.of(job, secret, dbPod, service) : List.of(job, secret, claim, dbPod, service);
    }
}
