package io.benchlab.runner.driver;

import io.benchlab.runner.metrics.WorkerMetrics;

/**
 * One client's way through one round: when its next transaction starts, whether that one is
 * measured, and when the client is done. Every client decides these here, whatever it talks
 * through; a client only waits its own way for an intended start that lies ahead (a thread
 * parks, an event loop sets a timer).
 */
final class ClientSchedule {

    private final RoundPlan plan;
    private final long offsetNanos;
    private final int slot;
    private final WorkerMetrics metrics;
    private long intended;
    /** Under a ramp, which of this client's starts {@link #intended} is: the run's start slot + due * clients. */
    private long due;
    private long measuredDone;
    /** The phase of the transaction that started last, as {@link RoundPlan#phaseAt} numbers it. */
    private int phase;

    /** {@code offsetNanos}: where in each period this client's intended starts fall, under --rate. */
    ClientSchedule(RoundPlan plan, long offsetNanos, WorkerMetrics metrics) {
        this(plan, offsetNanos, 0, metrics);
    }

    /** As above, for client SLOT of the run's clients, whose turn among a ramp's starts that is. */
    ClientSchedule(RoundPlan plan, long offsetNanos, int slot, WorkerMetrics metrics) {
        this.plan = plan;
        this.offsetNanos = offsetNanos;
        this.slot = slot;
        this.metrics = metrics;
        this.intended = plan.ramped() ? plan.rampStart(slot) : plan.start() + offsetNanos;
    }

    RoundPlan plan() {
        return plan;
    }

    /**
     * Under --rate, as of {@code now}: false when no transaction may start any more (the starts
     * it misses are counted); else the client waits until {@link #intended()} and then starts.
     */
    boolean mayStart(long now) {
        if (plan.measuredAt(now) && !plan.measuredAt(intended)) {
            // The warm-up ended with part of its schedule not started: that backlog is dropped, so
            // the measured phase neither runs it nor times its own from it.
            metrics.warmupMissedStarts(startsBefore(plan.measuredStart()));
            if (plan.ramped()) {
                due = plan.rampStartsBefore(plan.measuredStart(), slot);
                intended = plan.rampStart(slot + due * plan.rampClients());
            } else {
                intended = plan.measuredStart() + offsetNanos;
            }
        }
        if (plan.pastDeadline(now)) {
            metrics.missedStarts(startsBefore(plan.end()));
            return false;
        }
        return !plan.over(intended);
    }

    /** How many of this client's intended starts, from {@link #intended} on, fall before {@code until}. */
    private long startsBefore(long until) {
        return plan.ramped() ? Math.max(0, plan.rampStartsBefore(until, slot) - due)
                : plan.startsBefore(intended, until);
    }

    /** Under --rate, the next transaction's intended start: its latency is timed from here. */
    long intended() {
        return intended;
    }

    /**
     * A transaction is to start at {@code txStart} (the intended start under --rate, else now):
     * true when it goes ahead, false when the client's part of the round is over.
     */
    boolean start(long txStart) {
        if (plan.paced()) {
            // Whether the plan ramps is the run's: the warm-up asks it as the measured phase does.
            intended = plan.ramped() ? plan.rampStart(slot + ++due * plan.rampClients()) : intended + plan.periodNanos();
        }
        phase = plan.phaseAt(txStart);
        // Only the measured phase ends (a warm-up's end lies FAR ahead) and only it counts transactions.
        return !(plan.over(txStart) || measuredDone >= plan.transactions());
    }

    /** The phase of the transaction that started last: {@link RoundPlan#WARMUP} or {@link RoundPlan#MEASURED}. */
    int phase() {
        return phase;
    }

    /** Whether the transaction that started last belongs to the measured phase. */
    boolean measured() {
        return phase == RoundPlan.MEASURED;
    }

    /** The transaction that started last is over, committed or failed for good. */
    void finished() {
        measuredDone += phase;
    }
}
