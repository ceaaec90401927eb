package io.benchlab.runner.run;

import io.benchlab.results.Consistency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Warmup;
import io.benchlab.results.Warning;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.driver.RoundOutcome;
import io.benchlab.runner.metrics.Counter;
import io.benchlab.runner.metrics.JitCpu;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a reader must know before trusting a run's figures, read off what the run measured: a
 * status says whether the run completed, these say whether its numbers describe a healthy
 * steady state. Pure, like {@link ResultAssembler}: no clock, no I/O.
 */
final class Warnings {

    /** Listed times per warning before the rest is summed up as "and N more". */
    private static final int LISTED = 5;

    /** How far below the offered rate an interval's achieved one must fall for a missed ramp to name it. */
    private static final double RAMP_SHORTFALL = 0.1;

    private Warnings() {
    }

    static List<Warning> of(WorkloadConfig config, DriverOutcome driver, Consistency consistency) {
        List<Warning> out = new ArrayList<>();
        if (driver != null && !driver.rounds().isEmpty()) {
            branchContention(config, out);
            failures(driver, out);
            zeroTps(config, driver.intervals(), out);
            reconnects(driver.intervals(), out);
            missedRate(config, driver, out);
            missedSteps(config, driver, out);
            missedRamp(config, driver, out);
            gaps(config, driver.intervals(), out);
            jitCompiling(driver, out);
            trend(config, driver, out);
        }
        if (consistency != null && consistency.serverCommits() != null && consistency.serverCommits().server() != null
                && !consistency.serverCommits().agrees()) {
            Consistency.ServerCommits c = consistency.serverCommits();
            out.add(new Warning("commits_disagree", c.server() - c.client(), "the server's count of commits disagrees"
                    + " with the clients': " + c.message()));
        }
        if (consistency != null && consistency.partial() != null) {
            Consistency.Partial p = consistency.partial();
            out.add(new Warning("partial_transactions", p.transactions(), String.format(Locale.ROOT,
                    "%d autocommit transaction(s) could not be completed and stay partly applied in the database"
                            + " (the check allows for them; reload with --init before the next run)", p.transactions())));
        }
        return out;
    }

    private static void failures(DriverOutcome driver, List<Warning> out) {
        long committed = sum(driver, r -> r.totals().committed());
        long failed = sum(driver, r -> r.totals().failed());
        long exhausted = sum(driver, r -> r.totals().count(Counter.EXHAUSTED));
        long timeouts = sum(driver, r -> r.totals().failuresByCause().getOrDefault(WorkerMetrics.TIMEOUT, 0L));
        double ratio = committed + failed == 0 ? 0 : (double) failed / (committed + failed);
        if (ratio > Defaults.WARN_FAILURE_RATIO) {
            out.add(new Warning("failure_ratio", round4(ratio), String.format(Locale.ROOT,
                    "%.1f%% of the measured transactions failed for good (%d of %d), above the %.0f%% threshold",
                    100 * ratio, failed, committed + failed, 100 * Defaults.WARN_FAILURE_RATIO)));
        }
        if (exhausted > 0) {
            out.add(new Warning("exhausted_retries", exhausted, String.format(Locale.ROOT,
                    "%d transaction(s) failed after using up all their tries on serialization failures or"
                            + " deadlocks (raise --max-tries to let them through)", exhausted)));
        }
        if (timeouts > 0) {
            out.add(new Warning("statement_timeouts", timeouts, String.format(Locale.ROOT,
                    "%d statement(s) ran past --statement-timeout and were cancelled", timeouts)));
        }
    }

    /** Intervals without a commit where commits were due: the database (or the client) stood still. */
    private static void zeroTps(WorkloadConfig config, List<IntervalPoint> intervals, List<Warning> out) {
        List<String> spans = new ArrayList<>();
        double seconds = 0;
        IntervalPoint first = null;
        IntervalPoint last = null;
        for (IntervalPoint p : intervals) {
            Double offered = p.offeredTps() != null ? p.offeredTps() : config.rateTps();
            boolean due = offered == null || offered * p.seconds() >= 2;
            boolean zero = p.committed() == 0 && due;
            if (zero && first != null && last.round() == p.round()) {
                last = p;
            } else {
                if (first != null) {
                    spans.add(span(first, last));
                    first = null;
                }
                if (zero) {
                    first = last = p;
                }
            }
            if (zero) {
                seconds += p.seconds();
            }
        }
        if (first != null) {
            spans.add(span(first, last));
        }
        if (!spans.isEmpty()) {
            out.add(new Warning("zero_tps", round4(seconds), String.format(Locale.ROOT,
                    "%.1f s of the measured phase passed without a commit: %s", seconds, listed(spans))));
        }
    }

    private static void reconnects(List<IntervalPoint> intervals, List<Warning> out) {
        List<String> times = new ArrayList<>();
        long total = 0;
        for (IntervalPoint p : intervals) {
            if (p.reconnects() > 0) {
                total += p.reconnects();
                times.add(String.format(Locale.ROOT, "%d in round %d at %.1f-%.1f s", p.reconnects(), p.round(),
                        p.t() - p.seconds(), p.t()));
            }
        }
        if (total > 0) {
            out.add(new Warning("reconnects", total, String.format(Locale.ROOT,
                    "clients lost their connection and reconnected %d time(s): %s", total, listed(times))));
        }
    }

    /**
     * More clients than branches: every TPC-B transaction updates one branch row and holds its lock
     * to the commit, so the clients queue on those rows and the figures measure the queue more than
     * the engine. pgbench's documentation asks for a scale of at least the number of clients.
     */
    private static void branchContention(WorkloadConfig config, List<Warning> out) {
        if (config.selectOnly() || config.clients() <= config.branches()) {
            return;
        }
        out.add(new Warning("branch_contention", round4((double) config.clients() / config.branches()),
                String.format(Locale.ROOT, "%d clients on %d branch row(s): the transactions queue on the branches'"
                        + " row locks, so the figures measure that queue more than the engine (like pgbench, give"
                        + " --scale %d or more: one branch per client)", config.clients(), config.branches(),
                        config.clients())));
    }

    private static void missedRate(WorkloadConfig config, DriverOutcome driver, List<Warning> out) {
        long missed = sum(driver, r -> r.totals().count(Counter.MISSED_STARTS));
        if (config.rateTps() == null || missed == 0) {
            return;
        }
        long committed = sum(driver, r -> r.totals().committed());
        long scheduled = committed + sum(driver, r -> r.totals().failed()) + missed;
        double seconds = driver.rounds().stream().mapToDouble(RoundOutcome::seconds).sum();
        double achieved = seconds > 0 ? committed / seconds : 0;
        out.add(new Warning("rate_missed", Math.round(achieved * 10) / 10.0, String.format(Locale.ROOT,
                "the target of %.1f tps was not met: %.1f tps achieved, %d of %d scheduled transactions never started",
                config.rateTps(), achieved, missed, scheduled)));
    }

    /**
     * Steps of --rate-steps whose schedule the clients could not keep: the engine (or the client)
     * could not do that rate. Names each such step; the figure is the offered rate of the first.
     */
    private static void missedSteps(WorkloadConfig config, DriverOutcome driver, List<Warning> out) {
        if (config.rateSteps() == null) {
            return;
        }
        List<String> steps = new ArrayList<>();
        Double first = null;
        for (RoundOutcome r : driver.rounds()) {
            long missed = r.totals().count(Counter.MISSED_STARTS);
            if (missed > 0) {
                double offered = config.rateSteps().rate(r.index());
                first = first == null ? offered : first;
                long scheduled = r.totals().committed() + r.totals().failed() + missed;
                steps.add(String.format(Locale.ROOT, "step %d (%.1f tps offered, %.1f achieved, %d of %d starts"
                        + " missed)", r.index(), offered, r.tps(), missed, scheduled));
            }
        }
        if (first != null) {
            out.add(new Warning("steps_missed_starts", first, String.format(Locale.ROOT,
                    "%d of %d steps offered more than the clients could start, so the engine (or the client) could"
                            + " not do their rate: %s", steps.size(), driver.rounds().size(), listed(steps))));
        }
    }

    /**
     * A --rate-ramp whose schedule the clients could not keep: how much of it never started, and
     * where the achieved rate first fell a tenth below the offered one.
     */
    private static void missedRamp(WorkloadConfig config, DriverOutcome driver, List<Warning> out) {
        long missed = sum(driver, r -> r.totals().count(Counter.MISSED_STARTS));
        if (config.rateRamp() == null || missed == 0) {
            return;
        }
        long scheduled = missed + sum(driver, r -> r.totals().committed() + r.totals().failed());
        IntervalPoint behind = driver.intervals().stream()
                .filter(p -> p.offeredTps() != null && p.tps() < (1 - RAMP_SHORTFALL) * p.offeredTps())
                .findFirst().orElse(null);
        out.add(new Warning("rate_missed", behind == null ? config.rateRamp().toTps() : behind.offeredTps(),
                String.format(Locale.ROOT, "the ramp %s tps was not met: %d of %d scheduled transactions never"
                        + " started%s", config.rateRamp(), missed, scheduled, behind == null ? ""
                        : String.format(Locale.ROOT, "; the achieved rate first fell %.0f%% below the offered one at"
                                + " %.1f s, offered %.1f tps, achieved %.1f", 100 * RAMP_SHORTFALL, behind.t(),
                                behind.offeredTps(), behind.tps()))));
    }

    /** Intervals much longer than asked for: the collector could not keep time, so the series has holes. */
    private static void gaps(WorkloadConfig config, List<IntervalPoint> intervals, List<Warning> out) {
        double limit = Defaults.WARN_GAP_FACTOR * config.interval().toNanos() / 1e9;
        List<String> times = new ArrayList<>();
        double longest = 0;
        for (IntervalPoint p : intervals) {
            if (p.seconds() > limit) {
                longest = Math.max(longest, p.seconds());
                times.add(String.format(Locale.ROOT, "%.1f s in round %d at %.1f s", p.seconds(), p.round(), p.t()));
            }
        }
        if (!times.isEmpty()) {
            out.add(new Warning("interval_gaps", longest, String.format(Locale.ROOT,
                    "the interval series has gaps: %d interval(s) longer than %.1f s: %s", times.size(), limit,
                    listed(times))));
        }
    }

    /**
     * The JIT still compiling in the measured phase: CPU the clients did not get, and code that ran
     * interpreted for part of it, so its figures are below the client's steady state. Judged as a
     * share of the client's CPU, or of one core where the client used less ({@link JitCpu#share}).
     */
    private static void jitCompiling(DriverOutcome driver, List<Warning> out) {
        RoundOutcome all = RoundOutcome.together(driver.rounds());
        if (all.cpuSeconds() == null || all.jitSeconds() == null || all.cpuSeconds() <= 0
                || all.jitSeconds() < Defaults.WARN_JIT_MIN_SECONDS) {
            return;
        }
        double share = JitCpu.share(all.jitSeconds(), all.cpuSeconds(), all.seconds());
        if (share <= Defaults.WARN_JIT_SHARE) {
            return;
        }
        String of = all.cpuSeconds() >= all.seconds()
                ? String.format(Locale.ROOT, "of the client's CPU in the measured phase (%.2f s of %.2f s)",
                        all.jitSeconds(), all.cpuSeconds())
                : String.format(Locale.ROOT, "of a core over the measured phase (%.2f s in %.1f s, the client"
                        + " using %.2f s of CPU)", all.jitSeconds(), all.seconds(), all.cpuSeconds());
        out.add(new Warning("jit_compiling", round4(share), String.format(Locale.ROOT,
                "the JIT compiler took %.1f%% %s, above %.0f%%: the client was still compiling, %s", 100 * share,
                of, 100 * Defaults.WARN_JIT_SHARE, warmupAdvice(driver))));
    }

    /**
     * tps trending up or down through the measured phase: the rounds do not measure one steady
     * state. Mann-Kendall over the intervals in order (rounds one after another) at p 0.001, and
     * a fitted change of at least {@link Defaults#WARN_TREND_CHANGE}; see {@link MannKendall} for
     * its false alarms. Not under a schedule (--rate, --rate-steps, --rate-ramp), where tps follows it.
     */
    private static void trend(WorkloadConfig config, DriverOutcome driver, List<Warning> out) {
        if (config.paced()) {
            return;
        }
        double shortest = config.interval().toNanos() / 2e9;
        double[] tps = driver.intervals().stream().filter(p -> p.seconds() >= shortest)
                .mapToDouble(IntervalPoint::tps).toArray();
        MannKendall mk = tps.length < Defaults.WARN_TREND_MIN_INTERVALS ? null : MannKendall.of(tps);
        if (mk == null || !mk.trends(Defaults.WARN_TREND_CHANGE)) {
            return;
        }
        List<String> rounds = driver.rounds().stream()
                .map(r -> String.format(Locale.ROOT, "%.0f", r.tps())).toList();
        out.add(new Warning("tps_trend", round4(mk.change()), String.format(Locale.ROOT,
                "tps %s %.1f%% through the measured phase (Mann-Kendall z %.1f over %d intervals, p < 0.001; rounds"
                        + " %s tps): not one steady state, %s", mk.change() > 0 ? "rose" : "fell",
                100 * Math.abs(mk.change()), mk.z(), mk.n(), listed(rounds), warmupAdvice(driver))));
    }

    /** What the warm-up was, and what would lengthen it. */
    private static String warmupAdvice(DriverOutcome driver) {
        String ended = driver.warmupEnded();
        if (ended == null || Warmup.EXPLICIT.equals(ended)) {
            return String.format(Locale.ROOT, "after the %.1f s --warmup given (leave it out to warm up until the"
                    + " client is warm)", driver.warmupSeconds());
        }
        return String.format(Locale.ROOT, "after a %.1f s warm-up (%s; give a longer --warmup)",
                driver.warmupSeconds(), ended);
    }

    private static String span(IntervalPoint first, IntervalPoint last) {
        return String.format(Locale.ROOT, "round %d %.1f-%.1f s", first.round(), first.t() - first.seconds(), last.t());
    }

    private static String listed(List<String> items) {
        String shown = String.join(", ", items.subList(0, Math.min(LISTED, items.size())));
        return items.size() <= LISTED ? shown : shown + " and " + (items.size() - LISTED) + " more";
    }

    private static long sum(DriverOutcome d, java.util.function.ToLongFunction<RoundOutcome> f) {
        return d.rounds().stream().mapToLong(f).sum();
    }

    private static double round4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
