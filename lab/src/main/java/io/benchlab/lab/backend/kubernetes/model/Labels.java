package io.benchlab.lab.backend.kubernetes.model;

import java.util.Locale;
import java.util.Map;

/** Every label, taint and name the kubernetes backend puts on or looks for, in one place. */
public final class Labels {

    /** On every object of a run: what {@code lab clean} and the tests select by. */
    public static final String RUN_ID = "benchlab.io/run-id";
    /**
     * On the runner Job of one step of a series on one database, and on its pods: the step's own
     * run id (the run id label stays the series', which the database's objects carry too).
     */
    public static final String STEP = "benchlab.io/step";
    /** database or runner, on the run's pods. */
    public static final String COMPONENT = "benchlab.io/component";
    /** On nodes: db or client (k8s/NODES.md). */
    public static final String NODE_ROLE = "benchlab.io/role";
    /** The taint that keeps other pods off a dedicated node: {@code benchlab.io/dedicated=db:NoSchedule}. */
    public static final String DEDICATED_TAINT = "benchlab.io/dedicated";
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /** The Job controller's annotation on each pod of an Indexed Job: the pod's index. */
    public static final String JOB_INDEX = "batch.kubernetes.io/job-completion-index";
    /**
     * On the runner Job's pod template, set as the Job is let go: the address of the database's
     * node, whose kubelet the runner asks for the database pod's usage (a suspended Job's template
     * annotations may change until it first runs; its containers' arguments may not).
     */
    public static final String DB_NODE_ANNOTATION = "benchlab.io/db-node";
    /** The runner's ServiceAccount (k8s/rbac): it may get nodes/stats, and nothing else. */
    public static final String RUNNER_ACCOUNT = "benchlab-runner";

    public static final String DB_ROLE = "db";
    public static final String CLIENT_ROLE = "client";
    public static final String DATABASE = "database";
    public static final String RUNNER = "runner";

    private Labels() {
    }

    public static Map<String, String> of(String runId) {
        return Map.of(RUN_ID, runId, MANAGED_BY, "benchlab");
    }

    public static Map<String, String> of(String runId, String component) {
        return Map.of(RUN_ID, runId, MANAGED_BY, "benchlab", COMPONENT, component);
    }

    /** LABELS and, for a step's runner (STEP not null), the step's run id. */
    public static Map<String, String> step(Map<String, String> labels, String step) {
        if (step == null) {
            return labels;
        }
        Map<String, String> all = new java.util.TreeMap<>(labels);
        all.put(STEP, step);
        return all;
    }

    /** Object names: DNS labels (lower case, at most 63 characters), unique per run. */
    public static String name(String runId, String suffix) {
        String name = ("benchlab-" + runId + (suffix.isEmpty() ? "" : "-" + suffix)).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9-]", "-");
        return name.length() <= 63 ? name : name.substring(0, 63).replaceAll("-+$", "");
    }
}
