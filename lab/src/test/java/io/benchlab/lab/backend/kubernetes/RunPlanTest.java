package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.runner.cli.RunnerMain;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What one postgres run on kubernetes is planned to make, before any cluster is asked. */
class RunPlanTest {

    static final String RUN = "20261122T074500Z-postgres-3f9a";
    static final Duration TIMEOUT = Duration.ofMinutes(7);
    static final Secret PASSWORD = Secret.random();

    static RunPlan plan(String registry) {
        return plan(registry, Labels.RUNNER_ACCOUNT);
    }

    static RunPlan plan(String registry, String runnerAccount) {
        return plan(registry, runnerAccount, new TestWorkload());
    }

    static RunPlan plan(String registry, String runnerAccount, TestWorkload workload) {
        return planWith(new KubernetesSettings(null, "benchlab", registry), runnerAccount, workload);
    }

    static RunPlan planWith(KubernetesSettings settings, String runnerAccount, TestWorkload workload) {
        Engine postgres = Engines.find("postgres").orElseThrow();
        RunSpec spec = new RunSpec(postgres, postgres.defaultProfile(), null, workload.build(),
                Output.DEFAULT, TIMEOUT, null);
        Provisioning provisioning = new Provisioning(null, new ContainerLimits(2, 1L << 30),
                new ContainerLimits(1, 512L << 20));
        return RunPlan.of(spec, provisioning, settings, RUN, PASSWORD, "v1.30.0", runnerAccount);
    }

    static Container runner(RunPlan plan) {
        return plan.job().getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    static boolean hasPair(List<String> args, String option, String value) {
        return Collections.indexOfSubList(args, List.of(option, value)) >= 0;
    }

    @Test
    void fromARegistryEveryPodPullsWithTheSecretEveryTimeAndFromTheNodesOnlyWhatIsMissing() {
        RunPlan pulled = planWith(new KubernetesSettings(null, "benchlab", "registry.example:5000/ci", "pull", 1, false),
                Labels.RUNNER_ACCOUNT, new TestWorkload());
        PodSpec db = pulled.dbPod().getSpec();
        PodSpec runner = pulled.job().getSpec().getTemplate().getSpec();
        for (PodSpec pod : List.of(db, runner)) {
            assertThat(pod.getImagePullSecrets()).extracting(s -> s.getName()).containsExactly("pull");
            assertThat(pod.getContainers()).extracting(Container::getImagePullPolicy).containsOnly("Always");
        }
        assertThat(db.getContainers().get(0).getImage()).startsWith("registry.example:5000/ci/benchlab/postgres:");
        assertThat(runner.getContainers().get(0).getImage()).startsWith("registry.example:5000/ci/benchlab/runner:");
        Job step = pulled.runners().step(pulled.spec(), "step-1");
        assertThat(step.getSpec().getTemplate().getSpec().getImagePullSecrets()).extracting(s -> s.getName())
                .as("a later step's Job too").containsExactly("pull");

        RunPlan local = plan(null);
        assertThat(local.dbPod().getSpec().getImagePullSecrets()).isEmpty();
        assertThat(runner(local).getImagePullPolicy()).isEqualTo("IfNotPresent");
        assertThat(local.dbPod().getSpec().getContainers().get(0).getImagePullPolicy()).isEqualTo("IfNotPresent");
    }

    @Test
    void theRunnerReachesTheDatabaseByItsServiceAndPasswordFileAndFramesItsResult() {
        RunPlan plan = plan(null);
        List<String> args = runner(plan).getArgs();
        assertThat(args).contains("--result-frame");
        assertThat(hasPair(args, "--jdbc-url", "jdbc:postgresql://benchlab-20261122t074500z-postgres-3f9a-db:5432/bench"))
                .as("%s", args).isTrue();
        assertThat(hasPair(args, "--password-file", "/run/secrets/db-password")).as("%s", args).isTrue();
        assertThat(plan.service().getMetadata().getName()).isEqualTo("benchlab-20261122t074500z-postgres-3f9a-db");
        assertThat(plan.runnerJdbcUrl()).isEqualTo(args.get(args.indexOf("--jdbc-url") + 1));
    }

    @Test
    void theRunnersOwnParserTakesTheJobsArguments() {
        List<String> args = runner(plan(null)).getArgs();
        assertThat(RunnerMain.commandLine().parseArgs(args.toArray(String[]::new)).errors()).isEmpty();
    }

    @Test
    void withItsAccountTheRunnerAsksTheDatabaseNodesKubeletForTheDatabasePod() {
        RunPlan plan = plan(null);
        var pod = plan.job().getSpec().getTemplate().getSpec();
        assertThat(pod.getServiceAccountName()).isEqualTo("benchlab-runner");
        assertThat(pod.getAutomountServiceAccountToken()).as("the token only where the runner reads it").isFalse();
        assertThat(hasPair(runner(plan).getArgs(), "--db-container-stats",
                "kubelet:$(BENCHLAB_DB_NODE)/benchlab/" + plan.dbPod().getMetadata().getName())).isTrue();
        assertThat(hasPair(runner(plan).getArgs(), "--kubelet-credentials", "/run/kubelet-credentials")).isTrue();
        assertThat(runner(plan).getVolumeMounts()).anySatisfy(m -> {
            assertThat(m.getMountPath()).isEqualTo("/run/kubelet-credentials");
            assertThat(m.getReadOnly()).isTrue();
        });
        assertThat(pod.getVolumes().stream().filter(v -> v.getProjected() != null)).singleElement()
                .satisfies(v -> assertThat(v.getProjected().getSources())
                        .extracting(s -> s.getServiceAccountToken() != null ? "token" : s.getConfigMap().getName())
                        .containsExactly("token", "kube-root-ca.crt"));
        assertThat(runner(plan).getEnv()).singleElement().satisfies(e -> {
            assertThat(e.getName()).isEqualTo(RunObjects.DB_NODE_ENV);
            assertThat(e.getValueFrom().getFieldRef().getFieldPath())
                    .isEqualTo("metadata.annotations['benchlab.io/db-node']");
        });
        assertThat(plan.dbPod().getSpec().getAutomountServiceAccountToken()).as("the database pod has no token").isFalse();
    }

    @Test
    void withoutItsAccountTheRunnerHasNoTokenAndReadsNoUsage() {
        RunPlan plan = plan(null, null);
        var pod = plan.job().getSpec().getTemplate().getSpec();
        assertThat(pod.getServiceAccountName()).isNull();
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(runner(plan).getArgs()).doesNotContain("--db-container-stats");
        assertThat(runner(plan).getEnv()).isEmpty();
    }

    @Test
    void aRunThatReadsNoServerStatisticsGivesTheRunnerNoToken() {
        RunPlan plan = plan(null, Labels.RUNNER_ACCOUNT, new TestWorkload().serverStats(WorkloadConfig.Sampling.OFF));
        assertThat(plan.job().getSpec().getTemplate().getSpec().getServiceAccountName()).isNull();
        assertThat(runner(plan).getArgs()).doesNotContain("--db-container-stats");
    }

    @Test
    void thePasswordIsOnlyInTheSecret() {
        RunPlan plan = plan(null);
        assertThat(runner(plan).getArgs()).noneMatch(a -> a.contains(PASSWORD.reveal()));
        for (var object : List.of(plan.job(), plan.dbPod(), plan.service())) {
            assertThat(Serialization.asYaml(object)).doesNotContain(PASSWORD.reveal());
        }
        assertThat(plan.objects()).containsExactly(plan.job(), plan.secret(), plan.dbPod(), plan.service());
    }

    @Test
    void aRegistryPrefixesBothImages() {
        RunPlan plan = plan("reg.example:5000/team");
        assertThat(plan.dbImage()).startsWith("reg.example:5000/team/benchlab/postgres:");
        assertThat(runner(plan).getImage()).startsWith("reg.example:5000/team/benchlab/runner:");
        assertThat(plan("reg.example:5000/team/").dbImage()).startsWith("reg.example:5000/team/benchlab/postgres:");
    }

    @Test
    void withoutARegistryTheImagesAreTheBareTags() {
        RunPlan plan = plan(null);
        assertThat(plan.dbImage()).startsWith("benchlab/postgres:").endsWith("-durable");
        assertThat(runner(plan).getImage()).startsWith("benchlab/runner:");
    }

    @Test
    void theJobsDeadlineIsTheTimeoutPlusTheRunnersStopGrace() {
        assertThat(plan(null).job().getSpec().getActiveDeadlineSeconds())
                .isEqualTo(TIMEOUT.plus(LabDefaults.RUNNER_STOP_GRACE).toSeconds());
        assertThat(plan(null).job().getSpec().getSuspend()).as("let go only once the database is ready").isTrue();
    }

    /**
     * A later step's Job: its own name, run id and workload; the run's database, Secret and run id
     * label (its removal, lab clean); kept apart from its own pods alone, and away from the database.
     */
    @Test
    void aStepsJobIsTheRunsButForItsRunIdAndWorkload() {
        Engine postgres = Engines.find("postgres").orElseThrow();
        RunSpec first = new RunSpec(postgres, postgres.defaultProfile(), null, new TestWorkload().rate(40).build(),
                Output.DEFAULT, TIMEOUT, null);
        RunPlan plan = RunPlan.of(first, new Provisioning(null, new ContainerLimits(2, 1L << 30),
                new ContainerLimits(1, 512L << 20)), new KubernetesSettings(null, "benchlab", null, 2, false), RUN,
                PASSWORD, "v1.30.0", null);
        String step = "20261122T075000Z-postgres-77aa";
        RunSpec faster = new RunSpec(postgres, postgres.defaultProfile(), null, new TestWorkload().rate(80).build(),
                Output.DEFAULT, TIMEOUT, null);
        var job = plan.runners().step(faster, step);
        var template = job.getSpec().getTemplate();
        List<String> args = template.getSpec().getContainers().get(0).getArgs();

        assertThat(job.getMetadata().getName()).isEqualTo("benchlab-20261122t075000z-postgres-77aa-runner");
        assertThat(job.getMetadata().getLabels()).containsEntry(Labels.RUN_ID, RUN).containsEntry(Labels.STEP, step);
        assertThat(template.getMetadata().getLabels()).containsEntry(Labels.RUN_ID, RUN).containsEntry(Labels.STEP, step)
                .containsEntry(Labels.COMPONENT, Labels.RUNNER);
        assertThat(hasPair(args, "--run-id", step)).isTrue();
        assertThat(hasPair(args, "--rate", "80.0")).as("%s", args).isTrue();
        assertThat(hasPair(args, "--jdbc-url", plan.runnerJdbcUrl())).isTrue();
        assertThat(template.getSpec().getVolumes()).anySatisfy(v -> assertThat(v.getSecret().getSecretName())
                .isEqualTo(plan.secret().getMetadata().getName()));
        var terms = template.getSpec().getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        assertThat(terms).extracting(t -> t.getLabelSelector().getMatchLabels()).containsExactly(
                java.util.Map.of(Labels.RUN_ID, RUN, Labels.COMPONENT, Labels.DATABASE),
                java.util.Map.of(Labels.RUN_ID, RUN, Labels.COMPONENT, Labels.RUNNER, Labels.STEP, step));
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getSuspend()).isTrue();
        assertThat(Serialization.asYaml(plan.runners().first(plan.spec()))).as("the run's own Job, as planned")
                .isEqualTo(Serialization.asYaml(plan.job()));
    }
}
