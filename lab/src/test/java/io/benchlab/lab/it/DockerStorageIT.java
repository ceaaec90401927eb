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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * `lab run --db-storage` on real containers (DOCKER_HOST, as {@link DockerBackendIT}): PostgreSQL's
 * durable profile at one client on each kind of storage records the storage and its flush latency,
 * and leaves no container, network or volume behind; on a disk capped to a few hundred writes a
 * second (--db-write-iops), a server whose flushes return at once (libeatmydata preloaded) is
 * warned durability_unverified, and one that waits for them is not.
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
            assertThat(s.flush().writesPerSecond()).as("%s", s).isPositive();
            System.err.printf("storage %s: %s, flush p50 %.4f ms p99 %.4f ms, sustained %.0f a second; tps %.1f%n",
                    s.kind(), s.filesystem(), s.flush().p50Ms(), s.flush().p99Ms(), s.flush().writesPerSecond(),
                    r.figures().tps());
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

    /**
     * This machine's disk flushes in about 0.1 ms, faster than one connection commits even without
     * flushing: capped at this many writes a second (cgroup v1 throttles the flushes), it flushes in
     * milliseconds, well below what a server that skips its flushes commits on one connection.
     */
    private static final String WRITE_IOPS = "20";

    @Test
    void aServerWhoseFlushesReturnAtOnceIsWarned(@TempDir Path dir) throws Exception {
        buildEatmydataImage(dir);
        RunResult r = run(dir, "container", "--db-image", EATMYDATA, "--db-write-iops", WRITE_IOPS);
        Storage s = storage(r);
        assertThat(r.placement().database().writeIopsLimit()).isEqualTo(Long.parseLong(WRITE_IOPS));
        assertThat(s.flush()).as("the probe runs without the server's LD_PRELOAD: %s", s).isNotNull();
        double perConnection = r.figures().tps();
        double bound = DurabilityCheck.MARGIN * DurabilityCheck.flushesPerSecond(s.flush());
        System.err.printf("eatmydata at %s write IOPS: flush p50 %.3f ms, sustained %.1f a second, bound %.0f,"
                + " tps %.1f%n", WRITE_IOPS, s.flush().p50Ms(), s.flush().writesPerSecond(), bound, perConnection);
        assertThat(perConnection).as("commits a second on one connection that skips its flushes").isGreaterThan(bound);
        Warning w = r.warnings().stream().filter(x -> x.code().equals(DurabilityCheck.CODE)).findFirst().orElseThrow();
        assertThat(w.message()).contains(String.format(java.util.Locale.ROOT, "%.0f commits a second per connection",
                perConnection), String.format(java.util.Locale.ROOT, "flushes in %.3f ms", s.flush().p50Ms()));
    }

    /**
     * The counterpart: the durable image on a capped disk commits no faster than the disk takes
     * writes, and is not warned. Capped at {@link #WRITE_IOPS} its initdb (a flush per file) does not
     * finish within the lab's 120 s readiness timeout, so its cap is ten times that: at most one
     * commit per write, whatever the probe's median (the throttle lets the first writes of each
     * 100 ms slice through at the disk's speed).
     */
    @Test
    void aServerThatWaitsForTheCappedDiskIsNotWarned(@TempDir Path dir) throws IOException {
        long cap = 10 * Long.parseLong(WRITE_IOPS);
        RunResult r = run(dir, "container", "--db-write-iops", "" + cap);
        Storage s = storage(r);
        assertThat(r.placement().database().writeIopsLimit()).isEqualTo(cap);
        System.err.printf("durable at %d write IOPS: flush p50 %.3f ms, p99 %.3f ms, sustained %.1f a second,"
                + " bound %.0f, tps %.1f%n", cap, s.flush().p50Ms(), s.flush().p99Ms(), s.flush().writesPerSecond(),
                DurabilityCheck.MARGIN * DurabilityCheck.flushesPerSecond(s.flush()), r.figures().tps());
        assertThat(s.flush().writesPerSecond()).as("the cap shows in the sustained rate, not in the median")
                .isLessThanOrEqualTo((double) cap).isLessThan(1000 / s.flush().p50Ms());
        assertThat(r.figures().tps()).as("held to the disk: a commit is a write at least").isBetween(1.0, (double) cap);
        assertThat(codes(r)).doesNotContain(DurabilityCheck.CODE);
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
