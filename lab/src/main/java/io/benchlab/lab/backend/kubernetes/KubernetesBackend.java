package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.sink.ResultSink;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * The database as a pod (and Service) on a {@code benchlab.io/role=db} node, the runner as a
 * batch/v1 Job on a {@code benchlab.io/role=client} node, both Guaranteed, in one namespace of
 * the cluster in the kubeconfig. Before anything is made, the API server is asked whether it
 * answers, whether the lab may work in the namespace, whether both roles have room left by the
 * pods already there, and whether the pull secret given is there and fits the registry; the
 * registry is asked whether it holds the images ({@link RegistryManifests}).
 */
public final class KubernetesBackend implements Backend {

    private final Provisioning provisioning;
    private final KubernetesSettings settings;
    private KubernetesClient client;
    private String version;
    private RunnerAccount.Found runnerAccount;
    private StorageClasses.Chosen storageClass;
    private String noGeneralNode;
    private Duration claimBindTimeout = LabDefaults.KUBE_CLAIM_BIND_TIMEOUT;

    public KubernetesBackend(Provisioning provisioning, KubernetesSettings settings) {
        this.provisioning = provisioning;
        this.settings = settings;
    }

    @Override
    public String name() {
        return BackendKind.KUBERNETES.label();
    }

    @Override
    public boolean provisionsDatabase() {
        return true;
    }

    @Override
    public void check(RunSpec spec) {
        check(spec, List.of());
    }

    /** As {@link #check}, and the access a runner Job per step needs (see {@link Access#STEPS}). */
    @Override
    public void checkSteps(RunSpec spec) {
        check(spec, Access.STEPS);
    }

    private void check(RunSpec spec, List<Access.Need> more) {
        io.benchlab.lab.images.EngineImages.of(spec.engine());
        settings.split(spec.workload().clients());
        boolean claim = provisioning.storage().kind() == DbStorage.Kind.PVC;
        if (claim) {
            claimBindTimeout = claimBindTimeout(System.getenv(CLAIM_BIND_TIMEOUT_ENV));
        }
        client = KubeConnection.connect(settings.kubeconfig());
        try {
            version = client.getKubernetesVersion().getGitVersion();
            List<Access.Need> needs = new java.util.ArrayList<>(Access.RUN);
            if (claim) {
                needs.addAll(Access.CLAIM);
            }
            needs.addAll(more);
            List<String> denied = Access.denied(client, settings.namespace(), needs);
            if (!denied.isEmpty()) {
                throw new BadInputException("the lab may not use namespace " + settings.namespace() + ": it may not "
                        + String.join(", ", denied) + " there (kubectl apply -k k8s/ grants what lab run needs)");
            }
            List<Node> nodes = client.nodes().list().getItems();
            NodeRoles.check(nodes, podsOnNodes(), provisioning.db(), provisioning.runner(), settings.clientPods(),
                    settings.shareClientNodes());
            noGeneralNode = NodeRoles.withoutGeneralNode(nodes).orElse(null);
            RegistryManifests.Login login = PullSecrets.check(client, settings);
            if (settings.registry() != null) {
                RegistryManifests.fromEnvironment().require(settings.registry(), List.of(
                        RunPlan.dbImage(spec, provisioning, settings), EngineImages.runnerTag(settings.registry())),
                        login, settings.pullSecret());
            }
            runnerAccount = RunnerAccount.find(client, settings.namespace());
            storageClass = claim ? StorageClasses.choose(client, provisioning.storage().storageClass()) : null;
        } catch (KubernetesClientException e) {
            client.close();
            throw new BadInputException(e.getCode() == 403 ? "the lab may not read the cluster's nodes: "
                    + KubeConnection.explain(client, e) + " (k8s/rbac's ClusterRole grants it)" : KubeConnection.explain(client, e));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * {@link #check}, for a run that starts later, after others planned with it (a sweep's points,
     * a night's cells): each is checked before the first starts, so that a plan that cannot run
     * fails once and at once, not cell after cell. Keeps no connection: the run checks again.
     */
    @Override
    public void preflight(RunSpec spec) {
        check(spec);
        client.close();
        client = null;
    }

    /**
     * The pods placed on the nodes, whose requests take the nodes' room; none where the lab may not
     * list pods across namespaces (an older k8s/rbac): the room is then the nodes' allocatable.
     */
    private List<Pod> podsOnNodes() {
        try {
            return client.pods().inAnyNamespace().list().getItems();
        } catch (KubernetesClientException e) {
            if (e.getCode() == 403) {
                return List.of();
            }
            throw e;
        }
    }

    @Override
    public BackendRun open(RunSpec spec, String runId, Progress progress, ResultSink live) {
        if (noGeneralNode != null) {
            progress.lab("%s", noGeneralNode);
        }
        if (runnerAccount.name() == null) {
            progress.lab("the database pod's usage is not read: %s", runnerAccount.why());
        }
        RunPlan plan = RunPlan.of(spec, provisioning, settings, runId, Secret.random(), version, runnerAccount.name(),
                storageClass);
        return new KubernetesRun(client, spec, plan, progress, claimBindTimeout);
    }

    /** The variable that replaces {@link LabDefaults#KUBE_CLAIM_BIND_TIMEOUT}, read here and nowhere else. */
    static final String CLAIM_BIND_TIMEOUT_ENV = "BENCHLAB_KUBE_CLAIM_BIND_TIMEOUT";

    /** VALUE of {@link #CLAIM_BIND_TIMEOUT_ENV} (null or blank: the default); anything but whole seconds above 0 is bad input. */
    static Duration claimBindTimeout(String value) {
        if (value == null || value.isBlank()) {
            return LabDefaults.KUBE_CLAIM_BIND_TIMEOUT;
        }
        try {
            long seconds = Long.parseLong(value.strip());
            if (seconds > 0) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // refused below, as a negative number is
        }
        throw new BadInputException(CLAIM_BIND_TIMEOUT_ENV + "=" + value + ": how long a claim may take to bind is a"
                + " whole number of seconds above 0");
    }

    /** {@code --dry-run}: the manifests a run would make, as YAML; nothing is made and no cluster is asked. */
    public int printManifests(RunSpec spec, PrintWriter out) {
        // As on a cluster set up with k8s/: the runner has its account.
        RunPlan plan = RunPlan.of(spec, provisioning, settings, RunIds.next(spec.engine().name()), Secret.NONE, null,
                Labels.RUNNER_ACCOUNT);
        out.println("# lab run --backend kubernetes --dry-run: the objects of one run, in namespace " + settings.namespace()
                + ". Nothing was made.");
        out.println("# The Secret's password is made fresh when the run starts; it is never printed.");
        plan.secret().setData(null);
        for (var object : plan.objects()) {
            out.print(Serialization.asYaml(object));
        }
        out.flush();
        return 0;
    }
}
