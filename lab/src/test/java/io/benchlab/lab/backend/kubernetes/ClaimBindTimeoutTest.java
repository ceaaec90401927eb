package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.core.BadInputException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** $BENCHLAB_KUBE_CLAIM_BIND_TIMEOUT: unset the default, whole seconds replace it, anything else is bad input. */
class ClaimBindTimeoutTest {

    @Test
    void unsetOrBlankIsTheDefault() {
        assertThat(KubernetesBackend.claimBindTimeout(null)).isEqualTo(LabDefaults.KUBE_CLAIM_BIND_TIMEOUT);
        assertThat(KubernetesBackend.claimBindTimeout(" ")).isEqualTo(LabDefaults.KUBE_CLAIM_BIND_TIMEOUT);
    }

    @Test
    void wholeSecondsReplaceIt() {
        assertThat(KubernetesBackend.claimBindTimeout("5")).isEqualTo(Duration.ofSeconds(5));
        assertThat(KubernetesBackend.claimBindTimeout(" 600 ")).isEqualTo(Duration.ofMinutes(10));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "5s", "1.5", "PT5S"})
    void anythingElseIsBadInputNamingTheVariable(String value) {
        assertThatThrownBy(() -> KubernetesBackend.claimBindTimeout(value)).isInstanceOf(BadInputException.class)
                .hasMessage("BENCHLAB_KUBE_CLAIM_BIND_TIMEOUT=" + value + ": how long a claim may take to bind is a"
                        + " whole number of seconds above 0");
    }
}
