package io.benchlab.runner.driver;

/**
 * When one round's phases begin and end, in {@link System#nanoTime()} terms. A transaction
 * belongs to the measured phase when its (intended) start is at or after the measured start.
 *
 * <p>A fixed plan knows its measured start from the outset. A settling plan ({@link #settling})
 * warms up until the collector sees the client warm and calls {@link #measureFrom}: until then
 * every transaction is warm-up and nothing ends; from then on the plan is what a fixed plan with
 * that measured start would be. The clients read it on every transaction, through one volatile
 * reference, so they all switch at the same instant of the clock.
 *
 * <p>The clients' per-transaction questions ({@link #phaseAt}, {@link #over}) take no branch
 * that the warm-up never takes: C2 compiles a branch it has seen untaken as a trap, and the first
 * measured transaction then threw the clients' compiled code away, to be compiled again inside the
 * measured phase (0.11 s of the JIT there, 2.7% of the client's CPU, with 32 clients on
 * PostgreSQL). A phase not due yet therefore lies {@link #FAR} ahead rather than being absent,
 * and the phase is worked out arithmetically.
 *
 * <p>{@code start}: first transaction may start (warm-up begins); {@code transactions}: per-client
 * count mode: measured transactions per client, else Long.MAX_VALUE; {@code periodNanos}: under
 * --rate, each client's spacing between intended starts, 0 = unpaced; under --rate-ramp the
 * warm-up's spacing, and {@code ramp} says when the measured phase's starts are due (null when
 * the rate does not rise). Whether a plan ramps is the run's, not the phase's: a client asks it
 * in the warm-up as in the measured phase.
 */
final class RoundPlan {

    static final long NO_END = Long.MAX_VALUE;

    /** The phases as {@link #phaseAt} numbers them, to index by. */
    static final int WARMUP = 0;
    static final int MEASURED = 1;

    /** Later than any instant of a run (2^62 ns, about 146 years), and still safe to subtract from. */
    private static final long FAR = 1L << 62;

    /**
     * Warm-up ends and measurement begins at {@code start}; no measured transaction is scheduled
     * at or after {@code end} (duration mode, or count mode under --rate), else NO_END; under
     * --rate no transaction starts at or after {@code deadline} (end plus a grace), else NO_END.
     * {@code overAt} is {@code end}, or FAR ahead of the start where there is none.
     */
    private record Measured(long start, long end, long deadline, long overAt) {

        Measured(long start, long end, long deadline) {
            this(start, end, deadline, end == NO_END ? start + FAR : end);
        }
    }

    private final long start;
    private final long transactions;
    private final long periodNanos;
    /** From the measured start: the measured phase's planned length, or NO_END. */
    private final long spanNanos;
    /** From the end: how long clients behind their schedule may still start, or NO_END. */
    private final long graceNanos;
    /** The measured phase; while a settling warm-up goes on, one that starts FAR ahead. */
    private volatile Measured measured;
    private final Measured warming;
    private final RampSchedule ramp;

    /** A fixed plan: every phase known now. */
    RoundPlan(long start, long measuredStart, long end, long deadline, long transactions, long periodNanos) {
        this(start, measuredStart, end, deadline, transactions, periodNanos, null);
    }

    /** A fixed plan whose measured phase follows RAMP (null: the rate does not rise). */
    RoundPlan(long start, long measuredStart, long end, long deadline, long transactions, long periodNanos,
              RampSchedule ramp) {
        this(start, transactions, periodNanos, NO_END, NO_END, ramp);
        this.measured = new Measured(measuredStart, end, deadline);
    }

    private RoundPlan(long start, long transactions, long periodNanos, long spanNanos, long graceNanos,
                      RampSchedule ramp) {
        this.start = start;
        this.transactions = transactions;
        this.periodNanos = periodNanos;
        this.spanNanos = spanNanos;
        this.graceNanos = graceNanos;
        this.ramp = ramp;
        this.warming = new Measured(start + FAR, NO_END, NO_END, start + FAR);
        this.measured = warming;
    }

    /**
     * A plan that warms up from {@code start} until {@link #measureFrom}; then its measured phase
     * runs {@code spanNanos} (NO_END: until the count is done), and under --rate clients behind
     * their schedule may start for {@code graceNanos} more (NO_END: no deadline).
     */
    static RoundPlan settling(long start, long spanNanos, long graceNanos, long transactions, long periodNanos) {
        return settling(start, spanNanos, graceNanos, transactions, periodNanos, null);
    }

    /** A settling plan whose measured phase follows RAMP (null: the rate does not rise). */
    static RoundPlan settling(long start, long spanNanos, long graceNanos, long transactions, long periodNanos,
                              RampSchedule ramp) {
        return new RoundPlan(start, transactions, periodNanos, spanNanos, graceNanos, ramp);
    }

    /** Ends a settling plan's warm-up at {@code measuredStart}; a plan's measured start is set once. */
    void measureFrom(long measuredStart) {
        if (measured != warming) {
            throw new IllegalStateException("the measured start is set already");
        }
        long end = spanNanos == NO_END ? NO_END : measuredStart + spanNanos;
        long deadline = end == NO_END || graceNanos == NO_END ? NO_END : end + graceNanos;
        measured = new Measured(measuredStart, end, deadline);
    }

    long start() {
        return start;
    }

    long transactions() {
        return transactions;
    }

    long periodNanos() {
        return periodNanos;
    }

    /** True once the measured start is known (always for a fixed plan). */
    boolean measuring() {
        return measured != warming;
    }

    /** The measured start; only once {@link #measuring()}. */
    long measuredStart() {
        Measured m = measured;
        if (m == warming) {
            throw new IllegalStateException("the warm-up has not ended");
        }
        return m.start();
    }

    /** True when a transaction starting at {@code t} belongs to the measured phase. */
    boolean measuredAt(long t) {
        return phaseAt(t) == MEASURED;
    }

    /** {@link #WARMUP} or {@link #MEASURED}: the phase of a transaction starting at {@code t}, without a branch. */
    int phaseAt(long t) {
        return (int) ((t - measured.start()) >>> 63) ^ 1;
    }

    long end() {
        return measured.end();
    }

    long deadline() {
        return measured.deadline();
    }

    boolean paced() {
        return periodNanos > 0;
    }

    /** True when a transaction starting at {@code t} would start after the measured phase ends. */
    boolean over(long t) {
        return t - measured.overAt() >= 0;
    }

    /** True when the clients must stop starting transactions, scheduled or not. */
    boolean pastDeadline(long t) {
        long deadline = deadline();
        return deadline != NO_END && t - deadline >= 0;
    }

    /** True when the measured phase's rate rises (--rate-ramp): intended starts follow {@link #rampStart}. */
    boolean ramped() {
        return ramp != null;
    }

    /** The clients that share a ramp's starts; only when {@link #ramped()}. */
    int rampClients() {
        return ramp.clients();
    }

    /**
     * Under a ramp, the intended start of the round's G-th start (from 0): at the warm-up's rate
     * until the measured start, then rising. While a settling warm-up goes on, its end lies FAR
     * ahead and every start is the warm-up's.
     */
    long rampStart(long g) {
        return start + (long) (ramp.secondsOf(g, warmSeconds()) * 1e9);
    }

    /** Under a ramp, how many of client SLOT's starts (slot, slot + clients...) are due before {@code until}. */
    long rampStartsBefore(long until, int slot) {
        return ramp.ownStartsBefore((until - start) / 1e9, warmSeconds(), slot);
    }

    private double warmSeconds() {
        return (measured.start() - start) / 1e9;
    }

    /** How many intended starts, {@code from} then every period, fall before {@code until}. */
    long startsBefore(long from, long until) {
        long gap = until - from;
        return gap <= 0 ? 0 : (gap + periodNanos - 1) / periodNanos;
    }
}
