package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.results.Placement;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run's objects on the API server: made, read, let go, and removed. Everything is found by
 * the run's label as well as by name, so that removal also catches what the Job controller made.
 */
final class ClusterObjects {

    private final KubernetesClient client;
    private final String namespace;
    private final String runId;
    private final LabelSelector selector;
    private volatile String jobName;
    /** The step whose runner Job is {@link #jobName} in a series (null: the run's own Job). */
    private volatile String step;
    private volatile io.fabric8.kubernetes.api.model.Secret secret;
    private boolean deleted;

    /** The objects of one run, or with a null {@code runId} of every run ({@code lab clean}). */
    ClusterObjects(KubernetesClient client, String namespace, String runId) {
        this.client = client;
        this.namespace = namespace;
        this.runId = runId;
        this.selector = new LabelSelectorBuilder().addNewMatchExpression().withKey(Labels.RUN_ID)
                .withOperator(runId == null ? "Exists" : "In").withValues(runId == null ? List.of() : List.of(runId))
                .endMatchExpression().build();
    }

    /** The Job first (suspended), then the Secret it owns, then the database pod and its Service, owned by the Secret. */
    void create(RunPlan plan) {
        try {
            Job job = client.batch().v1().jobs().inNamespace(namespace).resource(plan.job()).create();
            jobName = job.getMetadata().getName();
            secret = client.secrets().inNamespace(namespace).resource(RunObjects.ownedBy(plan.secret(), job)).create();
            if (plan.claim() != null) {
                client.persistentVolumeClaims().inNamespace(namespace).resource(RunObjects.ownedBy(plan.claim(), secret))
                        .create();
            }
            client.pods().inNamespace(namespace).resource(RunObjects.ownedBy(plan.dbPod(), secret)).create();
            client.services().inNamespace(namespace).resource(RunObjects.ownedBy(plan.service(), secret)).create();
        } catch (KubernetesClientException e) {
            KubernetesRun.requireNamespace(e, namespace);
            throw new KubernetesRun.RunFailure("the run's objects could not be made: " + KubeConnection.explain(client, e));
        }
    }

    /**
     * The runner Job of STEP, the next step of a series, made (suspended, as the run's own), and made
     * the owner of the run's Secret in place of the Job before it, which is then deleted with its
     * pods: the database (owned by the Secret) always goes with the newest runner Job, whose TTL
     * takes it after a lab killed with -9, and never with an earlier step's Job that ended minutes ago.
     */
    void nextJob(Job job, String stepRunId) {
        String previous = jobName;
        Job made = client.batch().v1().jobs().inNamespace(namespace).resource(job).create();
        jobName = made.getMetadata().getName();
        step = stepRunId;
        // A merge patch replaces the whole list. Of the Secret as made: fabric8 would read it first by its
        // name alone, and the lab may not get Secrets.
        client.secrets().inNamespace(namespace).resource(secret).patch(PatchContext.of(PatchType.JSON_MERGE),
                Serialization.asJson(Map.of("metadata", Map.of("ownerReferences",
                        List.of(RunObjects.ownerReference(made))))));
        client.batch().v1().jobs().inNamespace(namespace).withName(previous)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
    }

    String namespace() {
        return namespace;
    }

    /** An informer on the run's pods, started and holding them, that tells HANDLER of every change. */
    SharedIndexInformer<Pod> informPods(ResourceEventHandler<Pod> handler) {
        return client.pods().inNamespace(namespace).withLabel(Labels.RUN_ID, runId).inform(handler);
    }

    /** An informer on the node by name (it holds nothing once the Node is gone), started, that tells HANDLER. */
    SharedIndexInformer<Node> informNode(String name, ResourceEventHandler<Node> handler) {
        return client.nodes().withName(name).inform(handler);
    }

    PersistentVolumeClaim claim(String name) {
        return client.persistentVolumeClaims().inNamespace(namespace).withName(name).get();
    }

    /** The messages of the object's events, oldest first: why a claim does not bind. */
    List<String> events(String kind, String name) {
        return client.v1().events().inNamespace(namespace).withField("involvedObject.kind", kind)
                .withField("involvedObject.name", name).list().getItems().stream()
                .sorted(java.util.Comparator.comparing(e -> String.valueOf(e.getLastTimestamp())))
                .map(e -> e.getReason() + ": " + KubeConnection.oneLine(e.getMessage())).distinct().toList();
    }

    /** The init container's log: the storage probe's output. */
    String log(String pod, String container) {
        return client.pods().inNamespace(namespace).withName(pod).inContainer(container).getLog();
    }

    Pod pod(String name) {
        return client.pods().inNamespace(namespace).withName(name).get();
    }

    /** The node by name, or null when there is no such Node (any more). */
    Node node(String name) {
        return client.nodes().withName(name).get();
    }

    /**
     * The Job's runner pods so far, by index (one pod per index: the Job's backoff limit is 0); in a
     * series, the current step's alone.
     */
    List<Pod> runnerPods() {
        var pods = client.pods().inNamespace(namespace).withLabel(Labels.RUN_ID, runId)
                .withLabel(Labels.COMPONENT, Labels.RUNNER);
        String current = step;
        return (current == null ? pods : pods.withLabel(Labels.STEP, current)).list().getItems().stream()
                .sorted(java.util.Comparator.comparingInt(ClusterObjects::index)).toList();
    }

    /** A runner pod's index in its Indexed Job; 0 for the one pod of a Job that is not indexed. */
    static int index(Pod pod) {
        var annotations = pod.getMetadata().getAnnotations();
        String index = annotations == null ? null : annotations.get(Labels.JOB_INDEX);
        return index == null ? 0 : Integer.parseInt(index);
    }

    /**
     * Lets the Job's pods be made, telling them the database's node (DB_NODE, null: left out) in
     * their template's annotation, which a suspended Job that never ran may still change.
     */
    void letGo(String dbNode) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("suspend", false);
        if (dbNode != null) {
            spec.put("template", Map.of("metadata", Map.of("annotations", Map.of(Labels.DB_NODE_ANNOTATION, dbNode))));
        }
        patchJob(Map.of("spec", spec));
    }

    /** The Job's pod is deleted gracefully and no other is made. */
    void suspend() {
        try {
            setSuspended(true);
        } catch (KubernetesClientException gone) {
            // Finished and removed meanwhile: nothing to stop.
        }
    }

    private void setSuspended(boolean suspended) {
        patchJob(Map.of("spec", Map.of("suspend", suspended)));
    }

    /**
     * A merge patch of the Job, with no resourceVersion: an edit (read, change, patch) failed with 409
     * when the Job controller wrote the new Job's status between the read and the patch (a series'
     * second step, on CI), and these fields are the lab's alone.
     */
    private void patchJob(Map<String, Object> patch) {
        client.batch().v1().jobs().inNamespace(namespace).withName(jobName)
                .patch(PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(patch));
    }

    /** The Job's own verdict when it failed (deadline passed, pod failed), or empty. */
    Optional<String> jobFailure() {
        Job job = jobName == null ? null : client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get();
        if (job == null || job.getStatus() == null || job.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        for (JobCondition c : job.getStatus().getConditions()) {
            if ("Failed".equals(c.getType()) && "True".equals(c.getStatus())) {
                return Optional.of("the runner Job failed (" + c.getReason() + ": " + KubeConnection.oneLine(c.getMessage()) + ")");
            }
        }
        return Optional.empty();
    }

    Placement.Side side(Pod pod) {
        String nodeName = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        Node node = nodeName == null ? null : node(nodeName);
        return PodFacts.side(pod, node);
    }

    /** Removes every object of the run and waits until the API server has none left, bounded. */
    synchronized void deleteAll(Progress progress) {
        if (deleted) {
            return;
        }
        deleted = true;
        List<String> problems = new ArrayList<>();
        attempt(problems, () -> client.batch().v1().jobs().inNamespace(namespace).withLabelSelector(selector)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete());
        attempt(problems, () -> client.pods().inNamespace(namespace).withLabelSelector(selector).delete());
        attempt(problems, () -> client.services().inNamespace(namespace).withLabelSelector(selector).delete());
        attempt(problems, () -> client.secrets().inNamespace(namespace).withLabelSelector(selector).delete());
        // Its protection finalizer keeps a claim until the pod that uses it is gone: waited for below.
        attempt(problems, () -> client.persistentVolumeClaims().inNamespace(namespace).withLabelSelector(selector)
                .delete());
        long deadline = System.nanoTime() + LabDefaults.KUBE_DELETE_WAIT.toNanos();
        List<String> left = problems.isEmpty() ? stillThere(problems) : List.of();
        while (!left.isEmpty() && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            left = stillThere(problems);
        }
        if (!problems.isEmpty() || !left.isEmpty()) {
            progress.warn("not everything of " + (runId == null ? "the runs" : "run " + runId) + " is gone yet ("
                    + String.join("; ", problems.isEmpty() ? left : problems) + "); 'lab clean --namespace " + namespace
                    + "' removes it, and the Job's TTL anyway");
        }
    }

    /** What is still there of the run(s): kind and name. */
    List<String> remaining() {
        List<String> left = new ArrayList<>();
        client.batch().v1().jobs().inNamespace(namespace).withLabelSelector(selector).list().getItems()
                .forEach(o -> left.add("job " + o.getMetadata().getName()));
        client.pods().inNamespace(namespace).withLabelSelector(selector).list().getItems()
                .forEach(o -> left.add("pod " + o.getMetadata().getName()));
        client.services().inNamespace(namespace).withLabelSelector(selector).list().getItems()
                .forEach(o -> left.add("service " + o.getMetadata().getName()));
        client.secrets().inNamespace(namespace).withLabelSelector(selector).list().getItems()
                .forEach(o -> left.add("secret " + o.getMetadata().getName()));
        client.persistentVolumeClaims().inNamespace(namespace).withLabelSelector(selector).list().getItems()
                .forEach(o -> left.add("persistentvolumeclaim " + o.getMetadata().getName()));
        return left;
    }

    /** {@link #remaining()}, an API error going to {@code problems} (and ending the wait). */
    private List<String> stillThere(List<String> problems) {
        try {
            return remaining();
        } catch (KubernetesClientException e) {
            problems.add(KubeConnection.explain(client, e));
            return List.of();
        }
    }

    private void attempt(List<String> problems, Runnable delete) {
        try {
            delete.run();
        } catch (KubernetesClientException e) {
            problems.add(KubeConnection.explain(client, e));
        }
    }
}
