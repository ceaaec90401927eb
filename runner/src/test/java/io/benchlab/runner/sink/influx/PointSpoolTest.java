package io.benchlab.runner.sink.influx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spool's order and bounds: memory up to its capacity, then segment files, sent oldest first, kept when unsent. */
class PointSpoolTest {

    @TempDir
    Path dir;

    static List<String> points(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> "p" + i).toList();
    }

    /** Sends everything, {@code batch} at a time, as the writer does; returns what was sent, in order. */
    static List<String> drain(PointSpool spool, int batch) {
        List<String> sent = new ArrayList<>();
        for (List<String> b = spool.next(batch); !b.isEmpty(); b = spool.next(batch)) {
            sent.addAll(b);
            spool.sent(b.size());
        }
        return sent;
    }

    long files(String glob) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> dir.getFileSystem().getPathMatcher("glob:" + glob).matches(p.getFileName())).count();
        }
    }

    @Test
    void withinCapacityNothingTouchesTheDisk() throws IOException {
        PointSpool spool = new PointSpool(dir.resolve("d"), "run", 10);
        spool.add(points(0, 6));
        spool.add(points(6, 10));
        assertThat(spool.pending()).isEqualTo(10);
        assertThat(spool.spilled()).isZero();
        assertThat(Files.exists(dir.resolve("d"))).isFalse();
        assertThat(drain(spool, 3)).isEqualTo(points(0, 10));
        assertThat(spool.pending()).isZero();
    }

    @Test
    void beyondCapacityMemorySpillsAndEverythingComesBackInOrder() throws IOException {
        PointSpool spool = new PointSpool(dir, "run", 10);
        for (int i = 0; i < 95; i += 7) {
            spool.add(points(i, Math.min(95, i + 7)));
        }
        assertThat(spool.pending()).isEqualTo(95);
        assertThat(spool.spilled()).as("points that went to segment files").isPositive();
        assertThat(files("*.seg")).isPositive();
        // Memory never holds more than its capacity: what is not in a segment is at most 10 points.
        assertThat(95 - spool.spilled()).isLessThanOrEqualTo(10);
        assertThat(drain(spool, 4)).isEqualTo(points(0, 95));
        assertThat(files("*.seg")).as("sent segments are removed").isZero();
    }

    @Test
    void pointsAddedWhileABatchIsUnsentComeAfterIt() {
        PointSpool spool = new PointSpool(dir, "run", 5);
        spool.add(points(0, 5));
        List<String> first = spool.next(3);
        assertThat(first).isEqualTo(points(0, 3));
        // The send fails (no sent()); meanwhile memory fills and spills.
        spool.add(points(5, 20));
        assertThat(spool.next(3)).as("a failed batch is offered again first").isEqualTo(points(0, 3));
        spool.sent(3);
        assertThat(drain(spool, 3)).isEqualTo(points(3, 20));
    }

    @Test
    void unsentPointsAreKeptAndTheNextSpoolForTheSameDestinationSendsThemFirst() throws IOException {
        PointSpool first = new PointSpool(dir, "20260101T000000Z-a", 4);
        first.add(points(0, 11));
        List<String> b = first.next(2);
        first.sent(b.size());
        first.next(2); // in flight when the run ends
        List<Path> kept = first.persist();
        assertThat(kept).isNotEmpty().allMatch(p -> p.toString().endsWith(PointSpool.LEFTOVER));
        assertThat(files("*.seg")).isZero();
        first.add(List.of("late"));
        assertThat(first.next(10)).as("a persisted spool sends nothing").isEmpty();

        PointSpool next = new PointSpool(dir, "20260101T000100Z-b", 4);
        assertThat(next.adopt()).isEqualTo(10);
        next.add(points(100, 103));
        assertThat(drain(next, 3)).as("the leftovers, in order, then the new run's points")
                .isEqualTo(Stream.of(points(2, 11), List.of("late"), points(100, 103)).flatMap(List::stream).toList());
        assertThat(files("*" + PointSpool.LEFTOVER)).isZero();
        assertThat(new PointSpool(dir, "c", 4).adopt()).as("adopted files are not adopted twice").isZero();
    }

    @Test
    void aLiveRunsSegmentsInThisJvmAreLeftToIt() throws IOException {
        PointSpool live = new PointSpool(dir, "20260101T000000Z-live", 2);
        live.add(points(0, 5));
        assertThat(files("*.seg")).isPositive();
        assertThat(new PointSpool(dir, "20260101T000100Z-next", 2).adopt()).isZero();
        assertThat(drain(live, 2)).isEqualTo(points(0, 5));
        live.persist();
        assertThat(files("*.lock")).as("a spool that ended lets go of its lock file").isZero();
    }

    /** A real process spills and is killed with -9: its segments wait while it lives, and are adopted once it is gone. */
    @Test
    void theSegmentsOfAKilledRunAreAdoptedInOrder() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SpillingProcess.class.getName(), dir.toString(), "20260101T000000Z-killed", "9")
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("spilled");
            assertThat(new PointSpool(dir, "20260101T000100Z-early", 2).adopt()).as("while it lives").isZero();
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        PointSpool next = new PointSpool(dir, "20260101T000200Z-next", 2);
        long adopted = next.adopt();
        // Memory (at most 2 points) died with the process; every segment it wrote is taken over.
        assertThat(adopted).isBetween(7L, 9L);
        assertThat(drain(next, 3)).isEqualTo(points(0, (int) adopted));
        assertThat(files("*.lock")).as("the adopter holds its own lock until it ends").isEqualTo(1);
        next.persist();
        assertThat(files("*.lock")).isZero();
        assertThat(files("*.seg")).isZero();
    }
}
