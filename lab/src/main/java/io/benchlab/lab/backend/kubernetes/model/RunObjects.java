package io.benchlab.lab.backend.kubernetes.model;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.images.ContainerLimits;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodAntiAffinityBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The objects of one run, built and never applied here (the run applies them and waits):
 * a Secret with the run's password, the database Pod and its Service on a db node, the runner
 * Job on a client node. Requests equal limits (Guaranteed QoS); each pod tolerates only its own
 * role's taint; the runner keeps away from the database pod; everything carries the run's labels.
 */
public final class RunObjects {

    public static final String PASSWORD_KEY = "db-password";
    /** The Secret's key for the InfluxDB token; mounted into the runner's pod only. */
    public static final String INFLUX_TOKEN_KEY = "influx-token";
    private static final String SECRETS_DIR = "/run/secrets";
    private static final String SECRET_VOLUME = "db-password";

    private RunObjects() {
    }

    /**
     * What the runner Job is made of; the password is never among it, only the Secret's name.
     * {@code influxToken}: the runner's pod also mounts the Secret's InfluxDB token. {@code pods}
     * runner pods make an Indexed Job, each pod on a node of its own unless {@code shareNodes}.
     * {@code account}: the runner's ServiceAccount, its token mounted, and the database node's
     * address in {@value #DB_NODE_ENV} (from {@link Labels#DB_NODE_ANNOTATION}); null: no token at all.
     */
    public record RunnerSpec(String image, List<String> args, ContainerLimits limits, long activeDeadlineSeconds,
                             int ttlSecondsAfterFinished, boolean suspended, boolean influxToken, int pods,
                             boolean shareNodes, String account) {

        public RunnerSpec(String image, List<String> args, ContainerLimits limits, long activeDeadlineSeconds,
                          int ttlSecondsAfterFinished, boolean suspended, boolean influxToken) {
            this(image, args, limits, activeDeadlineSeconds, ttlSecondsAfterFinished, suspended, influxToken, 1, false,
                    null);
        }
    }

    /** The runner's variable for the database node's address; its arguments name it as $(...). */
    public static final String DB_NODE_ENV = "BENCHLAB_DB_NODE";
    /**
     * Where the runner finds its account's token and the cluster's CA, for the kubelet: not the
     * usual /var/run/secrets/kubernetes.io/serviceaccount, which would lie inside the read-only
     * {@value #SECRETS_DIR} mount (/var/run is /run), and not mounted by automount, which would
     * give the token to every container of the pod.
     */
    public static final String KUBELET_CREDENTIALS_DIR = "/run/kubelet-credentials";
    private static final String KUBELET_CREDENTIALS_VOLUME = "kubelet-credentials";
    /** A projected token's life; the kubelet renews it at 80% of it. */
    private static final long TOKEN_SECONDS = 3600;

    /**
     * What the database Pod is made of: the engine's image, its port and environment (names only, no
     * password), and its args (empty: the image's CMD; else they replace it, server settings included).
     */
    public record DatabaseSpec(String image, int port, Map<String, String> env, ContainerLimits limits,
                               List<String> args, DataVolume data) {

        public DatabaseSpec {
            args = args == null ? List.of() : List.copyOf(args);
        }

        /** No storage of its own and no probe: the image's data directory as it is. */
        public DatabaseSpec(String image, int port, Map<String, String> env, ContainerLimits limits,
                            List<String> args) {
            this(image, port, env, limits, args, null);
        }

        /** The image's own command: no settings beyond its profile's. */
        public DatabaseSpec(String image, int port, Map<String, String> env, ContainerLimits limits) {
            this(image, port, env, limits, List.of());
        }
    }

    /** The run's Secret: the database password, and the InfluxDB token when the run streams (null: none). */
    public static Secret secret(String runId, String namespace, String password, String influxToken) {
        Map<String, String> data = new java.util.TreeMap<>(Map.of(PASSWORD_KEY, base64(password)));
        if (influxToken != null) {
            data.put(INFLUX_TOKEN_KEY, base64(influxToken));
        }
        return new SecretBuilder().withNewMetadata().withName(Labels.name(runId, "")).withNamespace(namespace)
                .withLabels(Labels.of(runId)).endMetadata()
                .withType("Opaque")
                .withData(data)
                .build();
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    public static Pod databasePod(String runId, String namespace, DatabaseSpec db) {
        ContainerBuilder container = new ContainerBuilder().withName(Labels.DATABASE).withImage(db.image())
                .withImagePullPolicy("IfNotPresent")
                .withEnv(db.env().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(e -> new EnvVar(e.getKey(), e.getValue(), null)).collect(Collectors.toList()))
                .withArgs(db.args().isEmpty() ? null : db.args())
                .addNewPort().withName("db").withContainerPort(db.port()).endPort()
                .withResources(guaranteed(db.limits()))
                .addNewVolumeMount().withName(SECRET_VOLUME).withMountPath(SECRETS_DIR).withReadOnly(true).endVolumeMount();
        DataVolume data = db.data();
        if (data != null && data.mounted()) {
            container.addNewVolumeMount().withName(DataVolume.VOLUME).withMountPath(data.dataDir()).endVolumeMount();
        }
        PodSpecBuilder spec = podSpec(runId, Labels.DB_ROLE, container.build(), null, List.of(PASSWORD_KEY))
                .withRestartPolicy("Never");
        if (data != null) {
            withData(spec, db, data);
        }
        return new PodBuilder().withNewMetadata().withName(Labels.name(runId, "db")).withNamespace(namespace)
                .withLabels(Labels.of(runId, Labels.DATABASE)).endMetadata().withSpec(spec.build()).build();
    }

    /**
     * The data volume (an emptyDir in memory, sized: its pages count against the pod's memory
     * limit; or the run's claim), and the probe as an init container: the database's image (which
     * has perl), the same mount, the database's limits (an init container's count only while it
     * runs, so the pod stays Guaranteed and asks for no more).
     */
    private static void withData(PodSpecBuilder spec, DatabaseSpec db, DataVolume data) {
        switch (data.kind()) {
            case MEMORY -> spec.addNewVolume().withName(DataVolume.VOLUME).withNewEmptyDir().withMedium("Memory")
                    .withSizeLimit(new Quantity(Long.toString(data.sizeBytes()))).endEmptyDir().endVolume();
            case PVC -> spec.addNewVolume().withName(DataVolume.VOLUME).withNewPersistentVolumeClaim()
                    .withClaimName(data.claimName()).endPersistentVolumeClaim().endVolume();
            default -> {
            }
        }
        ContainerBuilder probe = new ContainerBuilder().withName(DataVolume.PROBE_CONTAINER).withImage(db.image())
                .withImagePullPolicy("IfNotPresent").withCommand(data.probeCommand())
                .withResources(guaranteed(db.limits()));
        if (data.mounted()) {
            probe.addNewVolumeMount().withName(DataVolume.VOLUME).withMountPath(data.dataDir()).endVolumeMount();
        }
        spec.withInitContainers(probe.build());
    }

    /**
     * The run's claim for the data directory: ReadWriteOnce, of {@code storageClass} (null: the
     * cluster's default class), labelled as the run's other objects so that removal finds it.
     */
    public static PersistentVolumeClaim dataClaim(String runId, String namespace, String name, String storageClass,
                                                  long bytes) {
        return new PersistentVolumeClaimBuilder().withNewMetadata().withName(name).withNamespace(namespace)
                .withLabels(Labels.of(runId)).endMetadata()
                .withNewSpec().withAccessModes("ReadWriteOnce").withStorageClassName(storageClass)
                .withNewResources().withRequests(Map.of("storage", new Quantity(Long.toString(bytes)))).endResources()
                .endSpec().build();
    }


    public static Service databaseService(String runId, String namespace, int port) {
        return new ServiceBuilder().withNewMetadata().withName(Labels.name(runId, "db")).withNamespace(namespace)
                .withLabels(Labels.of(runId)).endMetadata()
                .withNewSpec().withType("ClusterIP").withSelector(Labels.of(runId, Labels.DATABASE))
                .addNewPort().withName("db").withPort(port).withNewTargetPort(port).endPort().endSpec()
                .build();
    }

    public static Job runnerJob(String runId, String namespace, RunnerSpec runner) {
        return runnerJob(runId, namespace, runner, null);
    }

    /**
     * The runner Job of one step of a series on the run's database ({@code step}: the step's run
     * id; null: the run's own Job, as {@link #runnerJob(String, String, RunnerSpec)}): named by
     * the step, labelled with the run's id as every object of the run (so that its removal and
     * {@code lab clean} find it) and with the step's, which keeps its pods apart from each other
     * only, not from an earlier step's that may not be gone yet.
     */
    public static Job runnerJob(String runId, String namespace, RunnerSpec runner, String step) {
        ContainerBuilder runnerContainer = new ContainerBuilder().withName(Labels.RUNNER).withImage(runner.image())
                .withImagePullPolicy("IfNotPresent").withArgs(runner.args())
                .withResources(guaranteed(runner.limits()))
                .addNewVolumeMount().withName(SECRET_VOLUME).withMountPath(SECRETS_DIR).withReadOnly(true).endVolumeMount();
        if (runner.account() != null) {
            runnerContainer.addNewEnv().withName(DB_NODE_ENV).withNewValueFrom().withNewFieldRef()
                    .withFieldPath("metadata.annotations['" + Labels.DB_NODE_ANNOTATION + "']").endFieldRef()
                    .endValueFrom().endEnv()
                    .addNewVolumeMount().withName(KUBELET_CREDENTIALS_VOLUME).withMountPath(KUBELET_CREDENTIALS_DIR)
                    .withReadOnly(true).endVolumeMount();
        }
        PodSpecBuilder runnerPod = podSpec(runId, Labels.CLIENT_ROLE, runnerContainer.build(), placement(runId, runner, step),
                runner.influxToken() ? List.of(PASSWORD_KEY, INFLUX_TOKEN_KEY) : List.of(PASSWORD_KEY));
        if (runner.account() != null) {
            runnerPod.withServiceAccountName(runner.account()).addNewVolume().withName(KUBELET_CREDENTIALS_VOLUME)
                    .withNewProjected().withDefaultMode(0444)
                    .addNewSource().withNewServiceAccountToken().withPath("token").withExpirationSeconds(TOKEN_SECONDS)
                    .endServiceAccountToken().endSource()
                    // Every namespace has it: the CA that signs the API server's (and here the kubelets') certificates.
                    .addNewSource().withNewConfigMap().withName("kube-root-ca.crt")
                    .addNewItem().withKey("ca.crt").withPath("ca.crt").endItem().endConfigMap().endSource()
                    .endProjected().endVolume();
        }
        PodSpec spec = runnerPod
                .withRestartPolicy("Never")
                // The runner stops within seconds of SIGTERM and writes its result: give it its grace.
                .withTerminationGracePeriodSeconds(LabDefaults.RUNNER_STOP_GRACE.toSeconds())
                // The pod's pause process is PID 1, its init: the JVM is not, so a SIGTERM that comes
                // while it starts (before its handler is in) ends it, where PID 1 would ignore it.
                .withShareProcessNamespace(true)
                .build();
        return new JobBuilder().withNewMetadata().withName(Labels.name(step == null ? runId : step, "runner"))
                .withNamespace(namespace).withLabels(Labels.step(Labels.of(runId), step)).endMetadata()
                .withNewSpec().withActiveDeadlineSeconds(runner.activeDeadlineSeconds())
                // Several pods: each learns its index from the Job ($JOB_COMPLETION_INDEX), all run at once.
                .withCompletionMode(runner.pods() > 1 ? "Indexed" : null)
                // No pod is run twice. Of several, a lost one fails its index alone: a Job-wide limit would fail
                // the Job and its controller delete the other pods, which the lab's watch could then take
                // for the pod lost first (CI), and which would cut short a pod still writing its result.
                .withBackoffLimit(runner.pods() > 1 ? null : 0)
                .withBackoffLimitPerIndex(runner.pods() > 1 ? 0 : null)
                .withCompletions(runner.pods() > 1 ? runner.pods() : null)
                .withParallelism(runner.pods() > 1 ? runner.pods() : null)
                .withTtlSecondsAfterFinished(runner.ttlSecondsAfterFinished()).withSuspend(runner.suspended())
                .withNewTemplate().withNewMetadata().withLabels(Labels.step(Labels.of(runId, Labels.RUNNER), step))
                .endMetadata()
                .withSpec(spec).endTemplate().endSpec()
                .build();
    }

    /**
     * Makes {@code object} go with its owner: the Job owns the Secret, the Secret the database pod
     * and its Service, so that when the Job's TTL removes it (a lab killed with -9 removes
     * nothing) the garbage collector removes the rest. Not the Job directly for the pod: a pod
     * owned by a Job counts as one of its pods to some tools (kwok completes it).
     */
    public static <T extends HasMetadata> T ownedBy(T object, HasMetadata owner) {
        object.getMetadata().setOwnerReferences(List.of(ownerReference(owner)));
        return object;
    }

    /** The reference that makes OWNER an object's owner, as {@link #ownedBy} sets it. */
    public static OwnerReference ownerReference(HasMetadata owner) {
        return new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion()).withKind(owner.getKind())
                .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid())
                .withBlockOwnerDeletion(false).withController(false).build();
    }

    /**
     * How the lab's pods pull their images. From a registry, every start asks it (Always): a tag
     * pushed again is never stale on a node, and the credentials are checked each time, not only
     * where the node lacks the image. Otherwise the nodes have them (IfNotPresent). {@code secret}:
     * the Secret every pod pulls with (null: none of the lab's; the ServiceAccount's own
     * imagePullSecrets still apply).
     */
    public record Pulling(boolean fromRegistry, String secret) {
    }

    /** POD pulls as HOW says: the run's database pod. */
    public static Pod pulled(Pod pod, Pulling how) {
        pulled(pod.getSpec(), how);
        return pod;
    }

    /** JOB's pods pull as HOW says: the runner's. */
    public static Job pulled(Job job, Pulling how) {
        pulled(job.getSpec().getTemplate().getSpec(), how);
        return job;
    }

    private static void pulled(PodSpec spec, Pulling how) {
        if (how.secret() != null) {
            spec.setImagePullSecrets(List.of(new LocalObjectReference(how.secret())));
        }
        if (how.fromRegistry()) {
            java.util.stream.Stream.concat(spec.getInitContainers().stream(), spec.getContainers().stream())
                    .forEach(c -> c.setImagePullPolicy("Always"));
        }
    }

    /** {@code secretKeys}: the Secret's keys this pod sees as files in {@value #SECRETS_DIR}. */
    private static PodSpecBuilder podSpec(String runId, String role, Container container, Affinity affinity,
                                          List<String> secretKeys) {
        PodSpecBuilder spec = new PodSpecBuilder().withContainers(container)
                .withNodeSelector(Map.of(Labels.NODE_ROLE, role))
                .withTolerations(dedicatedTo(role))
                .withAutomountServiceAccountToken(false)
                .addNewVolume().withName(SECRET_VOLUME).withNewSecret().withSecretName(Labels.name(runId, ""))
                .withDefaultMode(0444).withItems(secretKeys.stream()
                        .map(k -> new io.fabric8.kubernetes.api.model.KeyToPath(k, null, k)).toList())
                .endSecret().endVolume();
        return affinity == null ? spec : spec.withAffinity(affinity);
    }

    private static Toleration dedicatedTo(String role) {
        return new TolerationBuilder().withKey(Labels.DEDICATED_TAINT).withOperator("Equal").withValue(role)
                .withEffect("NoSchedule").build();
    }

    /**
     * Never on the database's node, even where a node has both roles; several runner pods each on
     * a node of their own, or where they may share nodes, spread as far as the nodes go.
     */
    private static Affinity placement(String runId, RunnerSpec runner, String step) {
        var away = new PodAffinityTermBuilder().withTopologyKey(HOSTNAME).withNewLabelSelector()
                .withMatchLabels(Map.of(Labels.RUN_ID, runId, Labels.COMPONENT, Labels.DATABASE)).endLabelSelector()
                .build();
        var apart = new PodAffinityTermBuilder().withTopologyKey(HOSTNAME).withNewLabelSelector()
                .withMatchLabels(Labels.step(Map.of(Labels.RUN_ID, runId, Labels.COMPONENT, Labels.RUNNER), step))
                .endLabelSelector().build();
        var anti = new PodAntiAffinityBuilder().addToRequiredDuringSchedulingIgnoredDuringExecution(away);
        if (runner.pods() > 1 && !runner.shareNodes()) {
            anti.addToRequiredDuringSchedulingIgnoredDuringExecution(apart);
        } else if (runner.pods() > 1) {
            anti.addNewPreferredDuringSchedulingIgnoredDuringExecution().withWeight(100).withPodAffinityTerm(apart)
                    .endPreferredDuringSchedulingIgnoredDuringExecution();
        }
        return new AffinityBuilder().withPodAntiAffinity(anti.build()).build();
    }

    private static final String HOSTNAME = "kubernetes.io/hostname";

    /** Requests equal limits: the pod's QoS class is Guaranteed and the scheduler reserves what it uses. */
    static ResourceRequirements guaranteed(ContainerLimits limits) {
        Map<String, Quantity> amounts = Map.of(
                "cpu", new Quantity(BigDecimal.valueOf(limits.cpus()).stripTrailingZeros().toPlainString()),
                "memory", new Quantity(Long.toString(limits.memoryBytes())));
        return new ResourceRequirementsBuilder().withRequests(amounts).withLimits(amounts).build();
    }
}
