package io.benchlab.runner.sink.influx;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Secret;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The spill folder is one per server, org and bucket, however the URL names the server. */
class InfluxSettingsTest {

    static Path spillDir(String url, String bucket) {
        return new InfluxSettings(InfluxSettings.parseUrl(url), "lab", bucket, Secret.NONE, Path.of("/spill"), 10)
                .spillDir();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8086/", "HTTP://LOCALHOST:8086", "http://localhost:8086//",
        "http://127.0.0.2:8086", "http://[::1]:8086", "http://[0:0:0:0:0:0:0:1]:8086"})
    void everyNameOfTheLoopbackServerSpillsToOneFolder(String url) {
        assertThat(spillDir(url, "runs")).isEqualTo(spillDir("http://localhost:8086", "runs"));
    }

    @Test
    void theSchemesDefaultPortIsThePortLeftOut() {
        assertThat(spillDir("http://influx.lab", "runs")).isEqualTo(spillDir("http://influx.lab:80", "runs"));
        assertThat(spillDir("https://influx.lab", "runs")).isEqualTo(spillDir("https://Influx.Lab:443/", "runs"));
    }

    @Test
    void anotherPortHostSchemePathOrBucketIsAnotherFolder() {
        Path one = spillDir("http://localhost:8086", "runs");
        assertThat(one.getParent()).isEqualTo(Path.of("/spill"));
        assertThat(spillDir("http://localhost:8087", "runs")).isNotEqualTo(one);
        assertThat(spillDir("https://localhost:8086", "runs")).isNotEqualTo(one);
        assertThat(spillDir("http://influx.lab:8086", "runs")).isNotEqualTo(one);
        assertThat(spillDir("http://localhost:8086/influx", "runs")).isNotEqualTo(one);
        assertThat(spillDir("http://localhost:8086", "nightly")).isNotEqualTo(one);
        assertThat(spillDir("http://localhost.lab:8086", "runs")).as("a name that only starts like loopback")
                .isNotEqualTo(one);
    }
}
