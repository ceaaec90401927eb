package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.containers.wait.strategy.WaitStrategy;

/**
 * Testcontainers' start-up hooks, turned off where the lab waits its own way: readiness is a
 * JDBC check (its port check would exec into the container), and the runner is a batch job
 * whose exit, whatever its code, is the lab's to read.
 */
final class Waits {

    static final WaitStrategy NONE = new AbstractWaitStrategy() {
        @Override
        protected void waitUntilReady() {
        }
    };

    private Waits() {
    }

    /** Started means running or already finished; a quick exit is reported by the caller. */
    static StartupCheckStrategy startedOrExited() {
        return new StartupCheckStrategy() {
            @Override
            public StartupStatus checkStartupState(DockerClient docker, String containerId) {
                var state = getCurrentState(docker, containerId);
                boolean started = Boolean.TRUE.equals(state.getRunning()) || "exited".equals(state.getStatus());
                return started ? StartupStatus.SUCCESSFUL : StartupStatus.NOT_YET_KNOWN;
            }
        };
    }

    /** The last non-blank line of a container's log, for a one-line cause. */
    static String lastLine(String logs) {
        String[] lines = logs.strip().split("\\R");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].strip();
            }
        }
        return "(no output)";
    }

    /** The innermost message of an exception chain, which is the one that says what happened. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}
