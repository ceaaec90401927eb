package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The threads a process may still start, read from /proc and cgroup files laid out as Linux does. */
class ThreadBudgetTest {

    @TempDir
    Path root;

    Path proc;
    Path cgroup;

    void files(String cgroupLine, String status, String limits) throws IOException {
        proc = Files.createDirectories(root.resolve("proc"));
        cgroup = Files.createDirectories(root.resolve("cgroup"));
        Files.createDirectories(proc.resolve("self"));
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.writeString(proc.resolve("self/cgroup"), cgroupLine + "\n");
        Files.writeString(proc.resolve("self/status"), status);
        Files.writeString(proc.resolve("self/limits"), limits);
        Files.writeString(proc.resolve("sys/kernel/threads-max"), "192730\n");
        Files.writeString(proc.resolve("loadavg"), "0.63 1.55 1.31 1/129 32532\n");
    }

    static final String ROOT_STATUS = "Name:\tjava\nUid:\t0\t0\t0\t0\nThreads:\t40\n";
    static final String USER_STATUS = "Name:\tjava\nUid:\t1000\t1000\t1000\t1000\nThreads:\t40\n";
    static final String LIMITS = "Limit                     Soft Limit           Hard Limit           Units\n"
            + "Max processes             500                  500                  processes\n";

    @Test
    void aCgroupV2PidsLimitIsTheTightest() throws IOException {
        files("0::/benchlab/run", ROOT_STATUS, LIMITS);
        Path dir = Files.createDirectories(cgroup.resolve("benchlab/run"));
        Files.writeString(dir.resolve("pids.max"), "300\n");
        Files.writeString(dir.resolve("pids.current"), "42\n");
        assertThat(new ThreadBudget(proc, cgroup).read()).isEqualTo(new ThreadBudget.Available(258, "cgroup pids.max 300"));
    }

    @Test
    void cgroupV1ReadsThePidsController() throws IOException {
        files("8:pids:/docker/abc\n4:memory:/docker/abc", ROOT_STATUS, LIMITS);
        Path dir = Files.createDirectories(cgroup.resolve("pids/docker/abc"));
        Files.writeString(dir.resolve("pids.max"), "1000\n");
        Files.writeString(dir.resolve("pids.current"), "10\n");
        assertThat(new ThreadBudget(proc, cgroup).read().count()).isEqualTo(990);
    }

    @Test
    void withoutACgroupLimitTheKernelsIsLeftForRoot() throws IOException {
        files("0::/", ROOT_STATUS, LIMITS);
        Files.writeString(cgroup.resolve("pids.max"), "max\n");
        Files.writeString(cgroup.resolve("pids.current"), "12\n");
        assertThat(new ThreadBudget(proc, cgroup).read())
                .isEqualTo(new ThreadBudget.Available(192730 - 129, "kernel threads-max 192730"));
    }

    @Test
    void anotherUserIsBoundByUlimit() throws IOException {
        files("0::/", USER_STATUS, LIMITS);
        assertThat(new ThreadBudget(proc, cgroup).read()).isEqualTo(new ThreadBudget.Available(460, "ulimit -u 500"));
    }

    @Test
    void unreadableFilesMeanNoKnownLimit() {
        assertThat(new ThreadBudget(root.resolve("none"), root.resolve("none")).read()).isNull();
    }
}
