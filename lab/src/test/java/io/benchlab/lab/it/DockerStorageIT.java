package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.BuildImageResultCallback;
import io.benchlab.lab.backend.DurabilityCheck;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Storage;
import io.benchlab.results.Warning;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * `lab run --db-storage` on real containers (DOCKER_HOST, as {@link DockerBackendIT}): PostgreSQL's
 * durable profile at one client on each kind of storage records the storage and its flush latency,
 * and leaves no container, network or volume behind; a server whose flushes return at once
 * (libeatmydata preloaded) is warned durability_unverified.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DockerStorageIT {

    /** The stand-in or pinned durable image, with Debian's libeatmydata preloaded into every process. */
    private static final String EATMYDATA = "localhost/benchlab-test/postgres-eatmydata:17.6-durable";

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    private static RunResult run(Path dir, String storage, String... more) throws IOException {
        Path out = dir.resolve(storage.replace(':', '-') + ".json");
        List<String> args = new java.util.ArrayList<>(List.of("run", "--engine", "postgres", "--profile", "durable",
                "--backend", "docker", "--clients", "1", "--scale", "1", "--duration", "2s", "--warmup", "1s",
                "--db-storage", storage, "--output", out.toString()));
        args.addAll(List.of(more));
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).contains("storage " + storage.replaceAll(":.*", "") + ": ");
        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        return r;
    }

    private static Storage storage(RunResult r) {
        return r.placement().database().storage();
    }

    private static Set<String> codes(RunResult r) {
        return r.warnings().stream().map(Warning::code).collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void eachStorageIsRecordedWithItsFlushLatencyAndTmpfsFlushesFarFaster(@TempDir Path dir) throws IOException {
        RunResult container = run(dir, "container");
        RunResult volume = run(dir, "volume");
        RunResult tmpfs = run(dir, "tmpfs:512m");
        for (RunResult r : List.of(container, volume, tmpfs)) {
            Storage s = storage(r);
            assertThat(s.dataDir()).isEqualTo("/var/lib/postgresql/data");
            assertThat(s.filesystem()).as("%s", s).isNotBlank();
            assertThat(s.flush()).as("%s", s).isNotNull();
            assertThat(s.flush().writes()).isBetween(1, 500);
            assertThat(codes(r)).as("an honest durable run, %s", s).doesNotContain(DurabilityCheck.CODE);
            System.err.printf("storage %s: %s, flush p50 %.4f ms p99 %.4f ms; tps %.1f%n", s.kind(), s.filesystem(),
                    s.flush().p50Ms(), s.flush().p99Ms(), r.figures().tps());
        }
        assertThat(storage(container).kind()).isEqualTo("container");
        assertThat(storage(volume).kind()).isEqualTo("volume");
        assertThat(storage(volume).device()).as("a volume is a folder on the node's disk").startsWith("/dev/");
        Storage t = storage(tmpfs);
        assertThat(t.kind()).isEqualTo("tmpfs");
        assertThat(t.filesystem()).isEqualTo("tmpfs");
        assertThat(t.requestedBytes()).isEqualTo(512L << 20);
        assertThat(t.sizeBytes()).isEqualTo(512L << 20);
        assertThat(t.flush().p50Ms() * 10).as("memory against the disk")
                .isLessThanOrEqualTo(storage(container).flush().p50Ms());
    }

    @Test
    void aServerWhoseFlushesReturnAtOnceIsWarned(@TempDir Path dir) throws Exception {
        buildEatmydataImage(dir);
        RunResult r = run(dir, "container", "--db-image", EATMYDATA);
        Storage s = storage(r);
        assertThat(s.flush()).as("the probe runs without the server's LD_PRELOAD: %s", s).isNotNull();
        double perConnection = r.figures().tps();
        double bound = DurabilityCheck.MARGIN * 1000 / s.flush().p50Ms();
        Assumptions.assumeTrue(perConnection > bound, String.format(java.util.Locale.ROOT, "the disk flushes in %.3f"
                + " ms, faster than one connection commits even without flushing (%.0f a second): no rate tells"
                + " it here", s.flush().p50Ms(), perConnection));
        assertThat(codes(r)).contains(DurabilityCheck.CODE);
    }

    /** Built FROM the durable image with Debian's eatmydata (from the Debian mirror); a cached build is quick. */
    private static void buildEatmydataImage(Path dir) throws IOException {
        Files.writeString(dir.resolve("Dockerfile"), String.join("\n",
                "FROM benchlab/postgres:17.6-durable",
                "RUN apt-get update && apt-get install -y --no-install-recommends eatmydata && rm -rf /var/lib/apt/lists/*",
                "ENV LD_PRELOAD=libeatmydata.so", ""));
        DockerApi.require().buildImageCmd(dir.toFile()).withTags(Set.of(EATMYDATA))
                .exec(new BuildImageResultCallback()).awaitImageId();
    }
}
