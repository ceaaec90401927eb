package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pull secret as kubectl create secret docker-registry makes it, against the registry a run pulls from. */
class PullSecretsTest {

    static Secret dockerConfig(String type, String json) {
        return new SecretBuilder().withNewMetadata().withName("pull").endMetadata().withType(type)
                .withData(Map.of(".dockerconfigjson", Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8))))
                .build();
    }

    static final Secret FOR_REGISTRY = dockerConfig(PullSecrets.TYPE,
            "{\"auths\":{\"registry.example:5000\":{\"username\":\"u\",\"password\":\"p\",\"auth\":\"dTpw\"}}}");

    @Test
    void aSecretForTheRegistrysHostFitsWhateverThePrefixPathIs() {
        assertThat(PullSecrets.problem(FOR_REGISTRY, "registry.example:5000/team/nightly")).isEmpty();
        assertThat(PullSecrets.problem(FOR_REGISTRY, null)).as("no registry: the nodes' own names").isEmpty();
        assertThat(PullSecrets.problem(dockerConfig(PullSecrets.TYPE,
                "{\"auths\":{\"https://registry.example:5000/v2/\":{}}}"), "registry.example:5000")).isEmpty();
    }

    @Test
    void anotherHostsCredentialsAreNamedAsSuch() {
        assertThat(PullSecrets.problem(FOR_REGISTRY, "registry.example:5001/team")).get().asString()
                .isEqualTo("it has no credentials for registry.example:5001, the registry's host");
    }

    @Test
    void anOpaqueSecretOrOneWithoutAuthsIsRefused() {
        assertThat(PullSecrets.problem(dockerConfig("Opaque", "{}"), null)).get().asString()
                .isEqualTo("it is of type Opaque, not kubernetes.io/dockerconfigjson");
        assertThat(PullSecrets.problem(dockerConfig(PullSecrets.TYPE, "not json"), null)).get().asString()
                .contains("holds no \"auths\"");
    }

    /** "auth" (base64 of user:password) first, as kubectl writes both; the named fields where it is absent. */
    @Test
    void theLoginForAHostComesFromAuthElseFromTheNamedFields() {
        assertThat(PullSecrets.login(dockerConfig(PullSecrets.TYPE,
                "{\"auths\":{\"registry.example:5000\":{\"username\":\"x\",\"password\":\"y\",\"auth\":\""
                        + Base64.getEncoder().encodeToString("u:p:with:colons".getBytes(StandardCharsets.UTF_8))
                        + "\"}}}"), "registry.example:5000"))
                .contains(new RegistryManifests.Login("u", "p:with:colons"));
        assertThat(PullSecrets.login(dockerConfig(PullSecrets.TYPE,
                "{\"auths\":{\"https://registry.example:5000/v1/\":{\"username\":\"x\",\"password\":\"y\"}}}"),
                "registry.example:5000")).contains(new RegistryManifests.Login("x", "y"));
        assertThat(PullSecrets.login(FOR_REGISTRY, "registry.example:5001")).as("another host's").isEmpty();
    }
}
