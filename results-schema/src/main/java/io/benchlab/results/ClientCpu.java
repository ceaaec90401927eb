package io.benchlab.results;

/**
 * The CPU time the runner process spent during a measured phase, user and system, all its threads
 * (with an in-process engine, the database's work too): {@code cpuSeconds} in all, {@code cores}
 * its average over the phase, and {@code microsPerTransaction} per committed transaction (null
 * when none committed). What a client costs per transaction decides how hard it can drive a
 * database from a node of its own; the client pods of a split run add up.
 *
 * <p>{@code jitSeconds}: the CPU time of the JVM's JIT compiler threads in the phase, part of
 * {@code cpuSeconds} (null where it cannot be read: no Linux /proc). Code still being compiled
 * after the warm-up is CPU the clients did not get and a client not yet at its steady state: in a
 * client pod limited to one core, C2 was still at it 4 s into the measured phase after a 2 s warm-up.
 */
public record ClientCpu(double cpuSeconds, double cores, Double microsPerTransaction, Double jitSeconds) {

    /** CPU_SECONDS over a phase of SECONDS in which COMMITTED transactions committed, JIT_SECONDS of it the JIT compilers'; to the microsecond. */
    public static ClientCpu of(double cpuSeconds, double seconds, long committed, Double jitSeconds) {
        return new ClientCpu(Math.round(cpuSeconds * 1e6) / 1e6, seconds > 0 ? Math.round(cpuSeconds / seconds * 1e3) / 1e3 : 0,
                committed > 0 ? Math.round(cpuSeconds * 1e6 / committed * 10) / 10.0 : null,
                jitSeconds == null ? null : Math.round(jitSeconds * 1e3) / 1e3);
    }
}
