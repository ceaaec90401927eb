package io.benchlab.lab.backend.kubernetes.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.images.ContainerLimits;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The objects of one run as built, before any cluster sees them. */
class RunObjectsTest {

    static final String RUN = "20261122T074500Z-hsqldb-server-3f9a";
    static final String NS = "benchlab";
    static final String PASSWORD = "pw-Zq8vT3kLm0";
    static final ContainerLimits DB = new ContainerLimits(1.5, 2L << 30);
    static final ContainerLimits RUNNER = new ContainerLimits(2, 512L << 20);

    static final io.fabric8.kubernetes.api.model.Pod POD = RunObjects.databasePod(RUN, NS, new RunObjects.DatabaseSpec(
            "benchlab/postgres:17.6-durable", 5432, Map.of("POSTGRES_PASSWORD_FILE", "/run/secrets/db-password"), DB));
    static final Job JOB = RunObjects.runnerJob(RUN, NS, new RunObjects.RunnerSpec("benchlab/runner:1",
            List.of("run", "--password-file", "/run/secrets/db-password"), RUNNER, 900, 600, true, false));
    static final io.fabric8.kubernetes.api.model.Secret SECRET = RunObjects.secret(RUN, NS, PASSWORD, null);

    static PodSpec jobPod() {
        return JOB.getSpec().getTemplate().getSpec();
    }

    static void assertGuaranteed(Container c, ContainerLimits limits) {
        Map<String, Quantity> requests = c.getResources().getRequests();
        assertThat(requests).isEqualTo(c.getResources().getLimits()).containsOnlyKeys("cpu", "memory");
        assertThat(Quantity.getAmountInBytes(requests.get("cpu"))).isEqualByComparingTo(BigDecimal.valueOf(limits.cpus()));
        assertThat(Quantity.getAmountInBytes(requests.get("memory")))
                .isEqualByComparingTo(BigDecimal.valueOf(limits.memoryBytes()));
    }

    @Test
    void bothPodsRequestExactlyTheirLimits() {
        assertGuaranteed(POD.getSpec().getContainers().get(0), DB);
        assertGuaranteed(jobPod().getContainers().get(0), RUNNER);
    }

    @Test
    void eachPodGoesToItsRoleAndToleratesOnlyItsOwnTaint() {
        assertThat(POD.getSpec().getNodeSelector()).isEqualTo(Map.of("benchlab.io/role", "db"));
        assertThat(jobPod().getNodeSelector()).isEqualTo(Map.of("benchlab.io/role", "client"));
        assertThat(POD.getSpec().getTolerations()).singleElement().satisfies(t -> assertDedicated(t, "db"));
        assertThat(jobPod().getTolerations()).singleElement().satisfies(t -> assertDedicated(t, "client"));
    }

    static void assertDedicated(Toleration t, String role) {
        assertThat(t.getKey()).isEqualTo("benchlab.io/dedicated");
        assertThat(t.getOperator()).isEqualTo("Equal");
        assertThat(t.getValue()).isEqualTo(role);
        assertThat(t.getEffect()).isEqualTo("NoSchedule");
    }

    @Test
    void theRunnerMustNotShareANodeWithItsRunsDatabase() {
        assertThat(POD.getSpec().getAffinity()).isNull();
        List<PodAffinityTerm> terms = jobPod().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution();
        assertThat(terms).singleElement().satisfies(term -> {
            assertThat(term.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
            assertThat(term.getLabelSelector().getMatchLabels())
                    .isEqualTo(Map.of("benchlab.io/run-id", RUN, "benchlab.io/component", "database"));
        });
        // The selector matches the database pod's own labels.
        assertThat(POD.getMetadata().getLabels()).containsAllEntriesOf(terms.get(0).getLabelSelector().getMatchLabels());
    }

    @Test
    void theJobRunsOnceWithinItsDeadlineAndStartsAsGiven() {
        assertThat(JOB.getSpec().getBackoffLimit()).isZero();
        assertThat(JOB.getSpec().getActiveDeadlineSeconds()).isEqualTo(900L);
        assertThat(JOB.getSpec().getTtlSecondsAfterFinished()).isEqualTo(600);
        assertThat(JOB.getSpec().getSuspend()).isTrue();
        Job running = RunObjects.runnerJob(RUN, NS, new RunObjects.RunnerSpec("i", List.of(), RUNNER, 60, 5, false, false));
        assertThat(running.getSpec().getSuspend()).isFalse();
        assertThat(running.getSpec().getActiveDeadlineSeconds()).isEqualTo(60L);
        assertThat(jobPod().getRestartPolicy()).isEqualTo("Never");
        assertThat(jobPod().getShareProcessNamespace()).as("the runner's JVM under an init (the pod's pause)").isTrue();
    }

    @Test
    void imagesArePulledOnlyWhenNotPresent() {
        assertThat(POD.getSpec().getContainers().get(0).getImagePullPolicy()).isEqualTo("IfNotPresent");
        assertThat(jobPod().getContainers().get(0).getImagePullPolicy()).isEqualTo("IfNotPresent");
    }

    @Test
    void everyObjectCarriesTheRunId() {
        List<HasMetadata> all = List.of(SECRET, POD, JOB, RunObjects.databaseService(RUN, NS, 5432));
        assertThat(all).allSatisfy(o -> {
            assertThat(o.getMetadata().getLabels()).containsEntry("benchlab.io/run-id", RUN);
            assertThat(o.getMetadata().getNamespace()).isEqualTo(NS);
        });
        assertThat(JOB.getSpec().getTemplate().getMetadata().getLabels()).containsEntry("benchlab.io/run-id", RUN);
    }

    @Test
    void thePasswordIsInTheSecretAndNowhereElse() {
        byte[] decoded = Base64.getDecoder().decode(SECRET.getData().get(RunObjects.PASSWORD_KEY));
        assertThat(new String(decoded, StandardCharsets.UTF_8)).isEqualTo(PASSWORD);
        assertThat(Serialization.asYaml(POD)).doesNotContain(PASSWORD);
        assertThat(Serialization.asYaml(JOB)).doesNotContain(PASSWORD);
        assertThat(Serialization.asYaml(SECRET)).doesNotContain(PASSWORD); // base64 only
    }

    @Test
    void thePasswordReachesBothContainersOnlyAsAFileFromTheSecret() {
        for (PodSpec spec : List.of(POD.getSpec(), jobPod())) {
            Container c = spec.getContainers().get(0);
            VolumeMount mount = c.getVolumeMounts().stream().filter(m -> m.getMountPath().equals("/run/secrets"))
                    .findFirst().orElseThrow();
            assertThat(mount.getReadOnly()).isTrue();
            Volume volume = spec.getVolumes().stream().filter(v -> v.getName().equals(mount.getName())).findFirst()
                    .orElseThrow();
            assertThat(volume.getSecret().getSecretName()).isEqualTo(SECRET.getMetadata().getName());
            assertThat(volume.getSecret().getItems()).singleElement().satisfies(item -> {
                assertThat(item.getKey()).isEqualTo(RunObjects.PASSWORD_KEY);
                assertThat(mount.getMountPath() + "/" + item.getPath()).isEqualTo("/run/secrets/db-password");
            });
            assertThat(c.getEnv() == null ? List.of() : c.getEnv()).allSatisfy(e -> {
                assertThat(e.getValueFrom()).isNull();
                assertThat(e.getValue()).doesNotContain(PASSWORD);
            });
        }
    }

    @Test
    void ownedByPointsAtTheJobByItsUid() {
        Job made = new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder(JOB).editMetadata().withUid("uid-123")
                .endMetadata().build();
        var secret = RunObjects.ownedBy(RunObjects.secret(RUN, NS, PASSWORD, null), made);
        assertThat(secret.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
            assertThat(ref.getKind()).isEqualTo("Job");
            assertThat(ref.getApiVersion()).isEqualTo("batch/v1");
            assertThat(ref.getName()).isEqualTo(JOB.getMetadata().getName());
            assertThat(ref.getUid()).isEqualTo("uid-123");
        });
    }

    @Test
    void namesAreShortLowerCaseDnsLabelsDistinctPerObject() {
        String dnsLabel = "[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?";
        List<String> names = List.of(Labels.name(RUN, ""), Labels.name(RUN, "db"), Labels.name(RUN, "runner"));
        assertThat(names).allMatch(n -> n.matches(dnsLabel)).doesNotHaveDuplicates()
                .allSatisfy(n -> assertThat(n).startsWith("benchlab-20261122t074500z-hsqldb-server-3f9a"));
        String long_ = Labels.name(RUN + "-" + "X".repeat(80) + "-", "runner");
        assertThat(long_).hasSizeLessThanOrEqualTo(63).matches(dnsLabel);
    }
}
