package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.influxdb.query.FluxRecord;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.pods.PodRuns;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.sink.influx.InfluxSink;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two client pods (runners as threads, on one in-process H2) streaming live to a real InfluxDB:
 * each pod's interval points under its own client_pod tag, so neither overwrites the other's, and
 * the phase events once, from pod 0 (influx-measurements.md).
 */
class ClientPodsInfluxIT {

    @Test
    void eachPodsIntervalsAreItsOwnSeriesAndPodZeroMarksThePhases(@TempDir Path dir) throws Exception {
        InfluxServers.Endpoint influx = InfluxServers.shared();
        Engine h2 = Engines.find("h2").orElseThrow();
        Target target = new Target(h2, h2.defaultProfile(), "jdbc:h2:mem:pods-influx" + System.nanoTime()
                + ";DB_CLOSE_DELAY=-1", h2.defaultUser(), Secret.NONE, false);
        InfluxSettings settings = new InfluxSettings(URI.create(influx.url()), InfluxServers.ORG, InfluxServers.BUCKET,
                Secret.fromFile(influx.tokenFile(), "token"), dir.resolve("spill"), Defaults.INFLUX_BUFFER_POINTS);
        List<InfluxSink> sinks = new ArrayList<>();
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int i = 0; i < 2; i++) {
            sinks.add(new InfluxSink(settings, InfluxSink.Scope.LIVE, warnings::add));
        }
        String runId = "pods-influx-" + System.nanoTime();
        List<RunResult> pods = PodRuns.run(target, new TestWorkload().clients(3).duration(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(500)).build(), runId, 2, sinks::get);
        for (InfluxSink s : sinks) {
            s.close();
        }
        assertThat(warnings).as("InfluxDB answered throughout").isEmpty();
        List<FluxRecord> intervals = influx.points("benchlab_interval", runId).stream()
                .filter(r -> "transaction".equals(r.getValueByKey("type"))).toList();
        for (int pod = 0; pod < 2; pod++) {
            String tag = Integer.toString(pod);
            assertThat(intervals.stream().filter(r -> tag.equals(r.getValueByKey("client_pod"))).count())
                    .as("pod %d's transaction points", pod).isEqualTo(pods.get(pod).intervals().size());
            long committed = intervals.stream().filter(r -> tag.equals(r.getValueByKey("client_pod")))
                    .mapToLong(r -> ((Number) r.getValueByKey("count")).longValue()).sum();
            assertThat(committed).as("pod %d's commits", pod).isEqualTo(pods.get(pod).figures().committed());
        }
        List<FluxRecord> events = influx.points("benchlab_event", runId);
        assertThat(events).as("warm-up, measured and end of the round").hasSize(3)
                .allSatisfy(r -> assertThat(r.getValueByKey("client_pod")).isEqualTo("0"));
    }
}
