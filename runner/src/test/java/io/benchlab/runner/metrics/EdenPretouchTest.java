package io.benchlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The page faults a thread takes while it allocates, in a JVM of the throughput collector as the
 * launchers start it: one a page without the touch, none after it.
 */
class EdenPretouchTest {

    /** 64 MiB of small arrays, within the child's eden of some 100 MiB: 16,384 pages. */
    static final int ARRAYS = 16 * 1024;
    static final int PAGES = ARRAYS;

    @Test
    void afterTheTouchAllocatingTakesNoPageFault() throws Exception {
        long[] touched = child("touch");
        assertThat(touched[0]).as("bytes the touch allocated").isGreaterThan(64L << 20);
        assertThat(touched[1]).as("a second touch of the same eden").isZero();
        assertThat(touched[2]).as("page faults allocating 64 MiB after the touch").isLessThan(PAGES / 100);
    }

    @Test
    void withoutItEachFreshPageFaults() throws Exception {
        assumeFalse(Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")).contains("[always]"),
                "huge pages for every mapping: a fault covers 512 pages");
        assertThat(child("none")[2]).as("page faults allocating 64 MiB").isGreaterThan(PAGES / 2);
    }

    @Test
    void anotherCollectorIsLeftAlone() throws Exception {
        assumeFalse(ManagementFactory.getMemoryPoolMXBeans().stream()
                .anyMatch(p -> p.getName().equals(EdenPretouch.PARALLEL_EDEN)), "this JVM runs the throughput collector");
        assertThat(EdenPretouch.touch()).isZero();
    }

    /** Runs {@link Child} under the throughput collector; its three figures. */
    private static long[] child(String mode) throws Exception {
        Path out = Files.createTempFile("pretouch", ".out");
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+UseParallelGC", "-Xms192m", "-Xmx192m", "-Xmn128m", "-cp", System.getProperty("java.class.path"),
                    Child.class.getName(), mode).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child ended").isTrue();
            String text = Files.readString(out, StandardCharsets.UTF_8).strip();
            assertThat(p.exitValue()).as(text).isZero();
            List<String> lines = text.lines().toList();
            return Arrays.stream(lines.get(lines.size() - 1).split(" ")).mapToLong(Long::parseLong).toArray();
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Allocates as a started JVM does on another thread, touches or not, then counts its own faults allocating. */
    public static final class Child {
        static volatile byte[] sink;

        public static void main(String[] args) throws Exception {
            Thread before = new Thread(() -> {
                for (int i = 0; i < 2000; i++) {
                    sink = new byte[10_000];
                }
            });
            before.start();
            before.join();
            boolean touch = args[0].equals("touch");
            long first = touch ? EdenPretouch.touch() : 0;
            long second = touch ? EdenPretouch.touch() : 0;
            long faults = minorFaults();
            for (int i = 0; i < ARRAYS; i++) {
                sink = new byte[4096 - 16];
            }
            System.out.println(first + " " + second + " " + (minorFaults() - faults));
        }

        /** This thread's minor faults, the tenth field of its stat. */
        static long minorFaults() throws Exception {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
        }
    }
}
