package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.runner.cli.CliCapture;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The --influx-* options without a server: what is refused as bad input, and what a Kubernetes runner is given. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class InfluxCliTest {

    static final String TOKEN = "tok-3f9a1c0e7d2b4a6f";

    @TempDir
    Path dir;

    Path tokenFile() throws IOException {
        Path f = dir.resolve("token");
        if (!Files.exists(f)) {
            Files.writeString(f, TOKEN + "\n");
        }
        return f;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "not-a-url|give http://HOST",
        "ftp://influx:8086|give http://HOST",
        "http://user:pw@influx:8086|no user, query or fragment",
        "http://influx:8086/?token=x|no user, query or fragment",
        "http://in flux:8086|not a URL"})
    void aBadUrlIsOneLineAndExitTwo(String url, String expected) throws IOException {
        Path out = dir.resolve("out.json");
        CliCapture.Outcome o = LabCliTest.lab("run", "--engine", "hsqldb", "--duration", "1s", "-o", out.toString(),
                "--influx-url", url, "--influx-token-file", tokenFile().toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString().startsWith("lab: ")
                .contains("--influx-url", expected).doesNotContain("\tat ");
        assertThat(out).doesNotExist();
    }

    @Test
    void influxOptionsWithoutAUrlAreRefused() throws IOException {
        CliCapture.Outcome o = LabCliTest.lab("run", "--engine", "hsqldb", "--duration", "1s",
                "-o", dir.resolve("out.json").toString(), "--influx-bucket", "b");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.allErr()).contains("go with --influx-url");
    }

    @Test
    void theKubernetesRunnerGetsTheUrlAndTheTokenAsAMountedFileNeverTheToken() throws IOException {
        CliCapture.Outcome o = LabCliTest.lab("run", "--backend", "kubernetes", "--engine", "postgres", "--dry-run",
                "--duration", "1s", "--influx-url", "http://influx.monitoring:8086", "--influx-bucket", "nightly",
                "--influx-token-file", tokenFile().toString(), "--kubeconfig", dir.resolve("none").toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allOut() + o.allErr()).as("the token is not printed").doesNotContain(TOKEN);
        List<HasMetadata> objects = Arrays.stream(o.out().split("(?m)^---$")).filter(doc -> doc.contains("kind:"))
                .map(doc -> (HasMetadata) Serialization.unmarshal(doc)).toList();
        Job job = (Job) objects.stream().filter(x -> x instanceof Job).findFirst().orElseThrow();
        PodSpec runner = job.getSpec().getTemplate().getSpec();
        List<String> args = runner.getContainers().get(0).getArgs();
        assertThat(String.join(" ", args)).contains("--influx-url http://influx.monitoring:8086",
                "--influx-bucket nightly", "--influx-token-file /run/secrets/influx-token", "--influx-live-only")
                .doesNotContain(TOKEN);
        assertThat(runner.getContainers().get(0).getEnv()).noneMatch(e -> TOKEN.equals(e.getValue()));
        assertThat(secretKeys(runner)).containsExactlyInAnyOrder(RunObjects.PASSWORD_KEY, RunObjects.INFLUX_TOKEN_KEY);
        Pod db = (Pod) objects.stream().filter(x -> x instanceof Pod).findFirst().orElseThrow();
        assertThat(secretKeys(db.getSpec())).as("the database pod never sees the token")
                .containsExactly(RunObjects.PASSWORD_KEY);
    }

    @Test
    void theRunsSecretCarriesTheTokenUnderItsOwnKey() {
        var secret = RunObjects.secret("r1", "benchlab", "pw", TOKEN);
        assertThat(secret.getData()).containsOnlyKeys(RunObjects.PASSWORD_KEY, RunObjects.INFLUX_TOKEN_KEY);
        assertThat(new String(java.util.Base64.getDecoder().decode(secret.getData().get(RunObjects.INFLUX_TOKEN_KEY))))
                .isEqualTo(TOKEN);
        assertThat(RunObjects.secret("r1", "benchlab", "pw", null).getData()).containsOnlyKeys(RunObjects.PASSWORD_KEY);
    }

    private static List<String> secretKeys(PodSpec spec) {
        return spec.getVolumes().stream().filter(v -> v.getSecret() != null)
                .flatMap(v -> v.getSecret().getItems().stream()).map(KeyToPath::getKey).toList();
    }

}
