package io.benchlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JitCpuTest {

    /** A thread's stat line as Linux writes it, with UTIME and STIME ticks. */
    private static String stat(String name, long utime, long stime) {
        return "4711 (" + name + ") S 1 4700 4700 0 -1 4194368 2016 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 38 0 1203 4223811584 60209 18446744073709551615 1 1 0 0 0 0 0 6 0 0 0 0 0 0 0 0 0 0 0\n";
    }

    @Test
    void onlyTheCompilerThreadsCountWithTheirUserAndSystemTicks() {
        assertThat(JitCpu.compilerTicks(stat("C2 CompilerThre", 250, 12))).isEqualTo(262);
        assertThat(JitCpu.compilerTicks(stat("C1 CompilerThre", 7, 1))).isEqualTo(8);
        assertThat(JitCpu.compilerTicks(stat("JVMCI-native Co", 3, 0))).isEqualTo(3);
        assertThat(JitCpu.compilerTicks(stat("vert.x-eventloo", 900, 700))).isNull();
        assertThat(JitCpu.compilerTicks(stat("a) (C2 Compiler", 5, 5))).as("the name runs to the last ')'").isNull();
    }

    @Test
    void theShareIsOfTheClientsCpuOrOfOneCoreWhereItUsedLess() {
        assertThat(JitCpu.share(0.9, 20, 10)).isEqualTo(0.045);
        assertThat(JitCpu.share(0.15, 2.5, 10)).isEqualTo(0.015);
    }

    @Test
    void aThreadStartedBetweenTwoReadingsCountsFromZero() {
        Map<String, Long> from = Map.of("11", 300L, "12", 40L);
        Map<String, Long> to = Map.of("11", 350L, "12", 41L, "13", 9L);
        assertThat(JitCpu.secondsBetween(from, to)).isEqualTo(0.60);
        assertThat(JitCpu.secondsBetween(null, to)).isNull();
        assertThat(JitCpu.secondsBetween(from, null)).isNull();
    }

    @Test
    void readsTheCompilerThreadsOfATaskDirectory(@TempDir Path tasks) throws IOException {
        write(tasks, "101", stat("C1 CompilerThre", 20, 2));
        write(tasks, "102", stat("C2 CompilerThre", 100, 5));
        write(tasks, "103", stat("main", 500, 50));
        assertThat(JitCpu.read(tasks, 0)).isEqualTo(Map.of("101", 22L, "102", 105L));
        assertThat(JitCpu.read(tasks.resolve("none"), 0)).as("no /proc").isNull();
    }

    @Test
    void aThreadFoundNotToBeACompilerIsNotReadAgainButACompilerIs(@TempDir Path tasks) throws IOException {
        write(tasks, "201", stat("C2 CompilerThre", 100, 5));
        write(tasks, "202", stat("main", 500, 50));
        assertThat(JitCpu.read(tasks, 0)).isEqualTo(Map.of("201", 105L));
        write(tasks, "201", stat("C2 CompilerThre", 130, 6));
        // A stat line that cannot be parsed fails the whole reading, were it read.
        write(tasks, "202", "garbage");
        write(tasks, "203", stat("C1 CompilerThre", 1, 0));
        assertThat(JitCpu.read(tasks, JitCpu.LIST_EVERY_NANOS)).isEqualTo(Map.of("201", 136L, "203", 1L));
    }

    @Test
    void betweenListingsOnlyTheKnownCompilersAreRead(@TempDir Path tasks) throws IOException {
        long second = JitCpu.LIST_EVERY_NANOS;
        write(tasks, "301", stat("C2 CompilerThre", 100, 5));
        assertThat(JitCpu.read(tasks, 5 * second)).isEqualTo(Map.of("301", 105L));
        write(tasks, "301", stat("C2 CompilerThre", 110, 5));
        write(tasks, "302", stat("C1 CompilerThre", 4, 0));
        assertThat(JitCpu.read(tasks, 6 * second - 1)).as("not listed again yet").isEqualTo(Map.of("301", 115L));
        assertThat(JitCpu.read(tasks, 6 * second)).as("listed again").isEqualTo(Map.of("301", 115L, "302", 4L));
        Files.delete(tasks.resolve("302").resolve("stat"));
        Files.delete(tasks.resolve("302"));
        assertThat(JitCpu.read(tasks, 6 * second + 1)).as("a compiler that ended").isEqualTo(Map.of("301", 115L));
    }

    @Test
    void thisJvmsCompilersAreFoundAndTheirCpuNeverGoesBack() {
        assumeThat(Path.of("/proc/self/task")).as("Linux's /proc").isDirectory();
        Map<String, Long> first = JitCpu.read();
        assertThat(first).as("this JVM compiles with C1 and C2").isNotEmpty();
        assertThat(JitCpu.secondsSince(first)).isGreaterThanOrEqualTo(0.0);
    }

    private static void write(Path tasks, String tid, String stat) throws IOException {
        Files.createDirectories(tasks.resolve(tid));
        Files.writeString(tasks.resolve(tid).resolve("stat"), stat);
    }
}
