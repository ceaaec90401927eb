package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.kubernetes.RegistryManifests.Answer;
import io.benchlab.lab.backend.kubernetes.RegistryManifests.Reference;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * Image references as the registry API splits them, and which answers are definite: only a
 * missing tag, or credentials refused once they were sent, fail a preflight. RegistryClusterIT
 * asks the real registry of .ci/kube.
 */
class RegistryManifestsTest {

    @Test
    void aReferenceSplitsIntoHostNameAndTagOrDigest() {
        assertThat(Reference.parse("10.200.0.100:5000/ci/benchlab/postgres:17.6-durable")).contains(
                new Reference("10.200.0.100:5000", "ci/benchlab/postgres", "17.6-durable"));
        assertThat(Reference.parse("registry.example/benchlab/runner@sha256:abc")).contains(
                new Reference("registry.example", "benchlab/runner", "sha256:abc"));
        assertThat(Reference.parse("localhost:5000/benchlab/runner")).contains(
                new Reference("localhost:5000", "benchlab/runner", "latest"));
        assertThat(Reference.parse("benchlab/runner:1").isEmpty()).as("a Docker Hub name").isTrue();
        assertThat(Reference.parse("postgres").isEmpty()).isTrue();
        assertThat(new Reference("r.example:5000", "ci/benchlab/runner", "1").manifest())
                .isEqualTo(URI.create("https://r.example:5000/v2/ci/benchlab/runner/manifests/1"));
    }

    @Test
    void onlyAMissingTagOrRefusedCredentialsAreDefinite() {
        Reference r = new Reference("r.example:5000", "ci/benchlab/runner", "1");
        assertThat(RegistryManifests.answer(200, r, false).kind()).isEqualTo(Answer.Kind.THERE);
        assertThat(RegistryManifests.answer(404, r, true).kind()).isEqualTo(Answer.Kind.MISSING);
        assertThat(RegistryManifests.answer(404, r, false).definite()).isTrue();
        assertThat(RegistryManifests.answer(401, r, true).kind()).isEqualTo(Answer.Kind.REFUSED);
        assertThat(RegistryManifests.answer(403, r, true).why()).endsWith(": 403 Forbidden");
        assertThat(RegistryManifests.answer(401, r, false).definite()).as("no credentials were sent").isFalse();
        assertThat(RegistryManifests.answer(500, r, true).definite()).isFalse();
        assertThat(RegistryManifests.answer(429, r, true).definite()).isFalse();
    }
}
