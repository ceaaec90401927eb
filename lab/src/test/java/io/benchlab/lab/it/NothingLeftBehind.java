package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Before each test: the Docker API (skipping or failing as {@link DockerApi#require} says) and
 * the lab's containers, networks and volumes already there. After it: exactly those, none more.
 */
final class NothingLeftBehind implements BeforeEachCallback, AfterEachCallback {

    private DockerClient docker;
    private Set<String> before;

    DockerClient docker() {
        return docker;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        docker = DockerApi.require();
        before = DockerApi.benchlabLeftovers(docker);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (docker != null) {
            assertThat(DockerApi.benchlabLeftovers(docker)).as("containers, networks and volumes after the run")
                    .isEqualTo(before);
        }
    }
}
