package io.benchlab.lab.it.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kustomize bases under k8s/ (what `kubectl apply -k k8s/` installs for the lab) against a
 * real API server: the kwok cluster of `.ci/kube start` ({@code BENCHLAB_KWOK_KUBECONFIG}).
 * They render, the server accepts them, and the lab's ServiceAccount may do exactly what the
 * Kubernetes backend needs. Each test removes what it applied.
 */
@UsesClusters
class K8sBasesIT {

    static final String SA = "system:serviceaccount:benchlab:benchlab-lab";

    /**
     * What benchlab-lab may do in namespace benchlab, as `kubectl auth can-i --list` names it:
     * k8s/rbac/role.yaml and clusterrole.yaml (nodes). Edit together.
     */
    static final Map<String, Set<String>> LAB_RULES = Map.ofEntries(
            Map.entry("secrets", Set.of("create", "list", "patch", "delete", "deletecollection")),
            Map.entry("services", Set.of("create", "list", "delete", "deletecollection")),
            Map.entry("pods", Set.of("create", "get", "list", "watch", "delete", "deletecollection")),
            Map.entry("pods/log", Set.of("get")),
            Map.entry("serviceaccounts", Set.of("get")),
            Map.entry("pods/portforward", Set.of("get", "create")),
            Map.entry("jobs.batch", Set.of("create", "get", "list", "patch", "delete", "deletecollection")),
            Map.entry("nodes", Set.of("get", "list", "watch")),
            Map.entry("persistentvolumeclaims", Set.of("create", "get", "list", "delete", "deletecollection")),
            Map.entry("events", Set.of("list")),
            Map.entry("storageclasses.storage.k8s.io", Set.of("get", "list")));

    /** What every authenticated ServiceAccount may do (system:basic-user and the like). */
    static final Map<String, Set<String>> DEFAULT_RULES = Map.of(
            "selfsubjectreviews.authentication.k8s.io", Set.of("create"),
            "selfsubjectaccessreviews.authorization.k8s.io", Set.of("create"),
            "selfsubjectrulesreviews.authorization.k8s.io", Set.of("create"));

    static final Path ROOT = repositoryRoot();
    static final List<String> BASES = List.of("k8s", "k8s/namespace", "k8s/rbac");

    Path kubeconfig;

    @BeforeEach
    void cluster() {
        kubeconfig = Clusters.kwokKubeconfig();
        removeAll();   // a run that was stopped halfway
    }

    @AfterEach
    void removeAll() {
        if (kubeconfig != null) {
            Kubectl.ok(kubeconfig, "delete", "-k", base("k8s"), "--ignore-not-found", "--wait=true", "--timeout=60s");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"k8s", "k8s/namespace", "k8s/rbac"})
    void everyBaseRenders(String base) {
        String yaml = Kubectl.ok(null, "kustomize", base(base));
        switch (base) {
            case "k8s/namespace" -> assertThat(yaml).contains("kind: Namespace", "name: benchlab");
            case "k8s/rbac" -> assertThat(yaml).contains("kind: ServiceAccount", "kind: Role\n", "kind: RoleBinding",
                    "kind: ClusterRole\n", "kind: ClusterRoleBinding").doesNotContain("kind: Namespace");
            default -> assertThat(yaml).contains("kind: Namespace", "kind: ServiceAccount", "kind: Role\n",
                    "kind: RoleBinding", "kind: ClusterRole\n", "kind: ClusterRoleBinding");
        }
    }

    @Test
    void theServerAcceptsEveryBase() {
        assertThat(BASES).allSatisfy(b -> assertThat(ROOT.resolve(b).resolve("kustomization.yaml")).exists());
        // The namespace is not there yet: a server dry run of the whole, and of the namespace alone.
        Kubectl.ok(kubeconfig, "apply", "--dry-run=server", "-k", base("k8s/namespace"));
        // k8s/ as a whole creates the namespace its objects go in; a dry run creates nothing, so
        // the namespaced objects need it for real (as rbac alone does).
        Kubectl.ok(kubeconfig, "apply", "-k", base("k8s/namespace"));
        for (String b : BASES) {
            String out = Kubectl.ok(kubeconfig, "apply", "--dry-run=server", "-k", base(b));
            assertThat(out).as(b).contains("(server dry run)");
        }
        assertThat(Kubectl.run(kubeconfig, "-n", "benchlab", "get", "serviceaccount", "benchlab-lab").ok())
                .as("a dry run created nothing").isFalse();
    }

    @Test
    void theLabsServiceAccountMayDoExactlyWhatTheRoleLists() {
        Kubectl.ok(kubeconfig, "apply", "-k", base("k8s"));
        Kubectl.ok(kubeconfig, "-n", "benchlab", "get", "serviceaccount", "benchlab-lab");

        String list = Kubectl.ok(kubeconfig, "auth", "can-i", "--list", "-n", "benchlab", "--as", SA);
        Map<String, Set<String>> expected = new TreeMap<>(LAB_RULES);
        expected.putAll(DEFAULT_RULES);
        assertThat(resourceRules(list)).as(list).isEqualTo(sorted(expected));
        assertThat(nonResourceVerbs(list)).as("non-resource URLs (discovery, health): read only\n%s", list)
                .containsOnly("get");

        assertThat(canI("create", "deployments.apps", "-n", "benchlab")).isFalse();
        assertThat(canI("get", "secrets", "-n", "default")).isFalse();
        assertThat(canI("create", "pods", "-n", "default")).isFalse();
        assertThat(canI("delete", "nodes")).isFalse();
        assertThat(canI("update", "jobs.batch", "-n", "benchlab")).isFalse();
        assertThat(canI("create", "pods", "--subresource=exec", "-n", "benchlab")).isFalse();
        assertThat(canI("create", "pods", "--subresource=portforward", "-n", "benchlab")).isTrue();
        assertThat(canI("get", "pods", "--subresource=portforward", "-n", "benchlab")).as("fabric8's WebSocket").isTrue();
        assertThat(canI("get", "pods", "--subresource=log", "-n", "benchlab")).isTrue();
        assertThat(canI("patch", "jobs.batch", "-n", "benchlab")).isTrue();
        assertThat(canI("list", "nodes")).isTrue();
    }

    /** `kubectl auth can-i VERB RESOURCE ... --as the lab's SA`: yes (exit 0) or no (exit 1). */
    boolean canI(String verb, String resource, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("auth", "can-i", verb, resource, "--as", SA));
        args.addAll(List.of(more));
        Kubectl.Result r = Kubectl.run(kubeconfig, args.toArray(String[]::new));
        assertThat(r.out().strip()).as("%s", r).isIn("yes", "no");
        return r.ok();
    }

    // Resources   Non-Resource URLs   Resource Names   Verbs
    // pods        []                  []               [create get list]
    //             [/api/*]            []               [get]
    static final Pattern ROW = Pattern.compile("^(\\S*)\\s+\\[(.*?)]\\s+\\[(.*?)]\\s+\\[(.*?)]\\s*$");

    /** Resource rules by resource: verbs (resource names must be unrestricted). */
    static Map<String, Set<String>> resourceRules(String canIList) {
        Map<String, Set<String>> rules = new TreeMap<>();
        for (Matcher m : rows(canIList)) {
            if (!m.group(1).isEmpty()) {
                assertThat(m.group(3)).as("resource names of %s", m.group(1)).isEmpty();
                rules.computeIfAbsent(m.group(1), k -> new TreeSet<>()).addAll(List.of(m.group(4).split(" ")));
            }
        }
        return rules;
    }

    static Set<String> nonResourceVerbs(String canIList) {
        Set<String> verbs = new TreeSet<>();
        for (Matcher m : rows(canIList)) {
            if (m.group(1).isEmpty()) {
                verbs.addAll(List.of(m.group(4).split(" ")));
            }
        }
        return verbs;
    }

    static List<Matcher> rows(String canIList) {
        List<String> lines = canIList.lines().toList();
        assertThat(lines).isNotEmpty();
        assertThat(lines.get(0)).startsWith("Resources");
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(l -> {
            Matcher m = ROW.matcher(l);
            assertThat(m.matches()).as("a can-i --list row: '%s'", l).isTrue();
            return m;
        }).toList();
    }

    static Map<String, Set<String>> sorted(Map<String, Set<String>> rules) {
        Map<String, Set<String>> out = new TreeMap<>();
        rules.forEach((k, v) -> out.put(k, new TreeSet<>(v)));
        return out;
    }

    static String base(String relative) {
        return ROOT.resolve(relative).toString();
    }

    /** The checkout: the first folder up from the working directory (lab/ under failsafe) with k8s/. */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("k8s/kustomization.yaml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no k8s/kustomization.yaml above " + Path.of("").toAbsolutePath());
    }
}
