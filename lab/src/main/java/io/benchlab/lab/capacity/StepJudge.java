package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.Figures;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.results.Status;
import io.benchlab.results.StepVerdict;
import io.benchlab.runner.core.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * Judges one step of a capacity search, an ordinary run at an offered rate, against the objectives.
 * A step passes when, for every objective, its rounds pass the sign test ({@link SignTest}: with 5
 * rounds at 0.05, every round meets the objective, which happens with chance at most 1/32 if the
 * typical round broke it) and its value over all rounds together meets it too; when it kept its
 * schedule (missed at most {@link #missedStartsBound} of its starts); and when its run ended ok. It
 * fails on evidence that the set-up does not sustain the rate: an objective broke by the same test
 * turned round at {@link CapacityDefaults#FAIL_ALPHA} (at least 4 of 5 rounds broke it), the
 * schedule was missed, or the run failed. Otherwise its rounds straddle an objective and the step is
 * {@link StepVerdict#UNCLEAR}: neither a pass nor a fail, which is what keeps two searches of the same
 * set-up from contradicting each other ({@link CapacitySearch}).
 *
 * <p>A step's value is that of its result's figures, which are all rounds together (percentiles
 * from the rounds' merged HdrHistograms, exact; with client pods merged over the pods too); its
 * interval is the order-statistic interval of the rounds' own values.
 */
public final class StepJudge {

    private static final List<ObjectiveMetric> SHOWN = List.of(ObjectiveMetric.P50, ObjectiveMetric.P95,
            ObjectiveMetric.P99);

    /** A step's reason stays one line of a table: a run's cause is cut to this (its result holds it whole). */
    static final int CAUSE_CHARS = 120;

    private final List<Objective> objectives;
    private final double alpha;
    private final double failAlpha;

    /** A judge whose steps pass at ALPHA and fail when their rounds show an objective broken at FAIL_ALPHA. */
    public StepJudge(List<Objective> objectives, double alpha, double failAlpha) {
        SignTest.minimumRounds(alpha); // refuses an alpha outside (0, 1) here rather than at the first step
        SignTest.minimumRounds(failAlpha);
        this.objectives = List.copyOf(objectives);
        this.alpha = alpha;
        this.failAlpha = failAlpha;
    }

    /** A judge at the default levels, {@link CapacityDefaults#ALPHA} and {@link CapacityDefaults#FAIL_ALPHA}. */
    public static StepJudge of(List<Objective> objectives) {
        return new StepJudge(objectives, CapacityDefaults.ALPHA, CapacityDefaults.FAIL_ALPHA);
    }

    /** The fewest rounds a step with which it can pass at ALPHA at all (5 at 0.05). */
    public static int minimumRounds(double alpha) {
        return SignTest.minimumRounds(alpha);
    }

    /** Refuses, as bad input, steps of fewer rounds than can pass at ALPHA. */
    public static void requireRounds(int rounds, double alpha) {
        int needed = minimumRounds(alpha);
        if (rounds < needed) {
            throw new BadInputException("--rounds " + rounds + ": a capacity step needs at least " + needed
                    + " rounds, the fewest with which its test can pass at " + alpha);
        }
    }

    /**
     * The largest share of a step's scheduled starts it may miss: {@link CapacityDefaults#MISSED_STARTS},
     * or a tenth of the tail of the strictest latency objective if that is less (0.01% for a p999,
     * none for the maximum), since missed starts are missing from the tail the objective bounds.
     */
    public double missedStartsBound() {
        double bound = CapacityDefaults.MISSED_STARTS;
        for (Objective o : objectives) {
            if (o.metric().isLatency()) {
                bound = Math.min(bound, (1 - o.metric().quantile) / 10);
            }
        }
        return bound;
    }

    /** The step test as the capacity result records it, for steps of ROUNDS rounds. */
    public CapacityResult.StepTest test(int rounds) {
        int s = SignTest.roundsToPass(rounds, alpha);
        return new CapacityResult.StepTest("sign-test", String.format(Locale.ROOT, "a step passes when at least %d of"
                + " its %d rounds meet each objective (one-sided sign test at %s: by chance at most %.3f if the median"
                + " round broke it) and so do all its rounds together, it missed at most %s of its starts, and its"
                + " run ended ok; it fails when at least %d of its rounds break an objective (the same test turned"
                + " round, at %s), it missed more of its starts, or its run failed; otherwise it is unclear", s, rounds,
                alpha, chance(rounds, s), Shown.percent(missedStartsBound()), SignTest.roundsToPass(rounds, failAlpha),
                failAlpha));
    }

    public StepJudgement judge(double offeredTps, RunResult step) {
        Figures all = step.figures();
        Schedule schedule = all == null ? null : all.schedule();
        List<CapacityStep.ObjectiveValue> values = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        List<String> unclear = new ArrayList<>();
        int leastMet = step.rounds().size();
        for (Objective o : objectives) {
            double[] rounds = roundValues(o.metric(), step.rounds());
            double pooled = o.valueIn(all);
            int met = (int) Arrays.stream(rounds).filter(o::holdsFor).count();
            leastMet = Math.min(leastMet, met);
            boolean holds = met >= SignTest.roundsToPass(rounds.length, alpha) && o.holdsFor(pooled);
            if (Double.isNaN(pooled)) {
                broken.add(o.metric().json() + ": no transaction " + (o.metric().isLatency() ? "committed" : "ran"));
                continue;
            }
            double[] interval = interval(rounds, pooled);
            values.add(new CapacityStep.ObjectiveValue(o.metric().json(), pooled, interval[0], interval[1], holds));
            if (!holds) {
                boolean shownBroken = rounds.length - met >= SignTest.roundsToPass(rounds.length, failAlpha);
                (shownBroken ? broken : unclear).add(reason(o, pooled, shownBroken, met, rounds.length));
            }
        }
        String failed = failure(step, all, schedule, broken);
        StepVerdict verdict = failed != null ? StepVerdict.FAIL
                : unclear.isEmpty() ? StepVerdict.PASS : StepVerdict.UNCLEAR;
        String why = switch (verdict) {
            case FAIL -> failed;
            case UNCLEAR -> unclear.get(0);
            case PASS -> leastMet == step.rounds().size() ? "every objective held in every round (" + leastMet + ")"
                    : "every objective held in at least " + leastMet + " of " + step.rounds().size() + " rounds";
        };
        return new StepJudgement(step.runId(), offeredTps, all == null ? null : all.tps(),
                schedule == null ? null : schedule.missedStarts(), schedule == null ? null : schedule.scheduled(),
                failuresRatio(all), latency(step), values, verdict, why);
    }

    /** Why the step fails, the first reason that applies (BROKEN: the objectives shown broken); null when it does not. */
    private String failure(RunResult step, Figures all, Schedule schedule, List<String> broken) {
        if (step.status() != Status.OK) {
            return "the run " + step.status().json() + ": " + firstLine(step.cause());
        }
        if (all == null || step.rounds().isEmpty()) {
            return "no measured round";
        }
        int needed = minimumRounds(alpha);
        if (step.rounds().size() < needed) {
            return step.rounds().size() + " rounds: its test needs " + needed;
        }
        double bound = missedStartsBound();
        if (schedule != null && schedule.missedStarts() > bound * schedule.scheduled()) {
            return "missed " + Shown.percent((double) schedule.missedStarts() / schedule.scheduled())
                    + " of its starts (at most " + Shown.percent(bound) + ")";
        }
        return broken.isEmpty() ? null : broken.get(0);
    }

    /**
     * "p99 12.4 ms, beyond <=10 ms in 5 of 5 rounds" (evidence that it broke), or "p99 9.1 ms: <=10 ms
     * in only 3 of 5 rounds, 5 needed" (evidence of neither).
     */
    private String reason(Objective o, double pooled, boolean shownBroken, int met, int rounds) {
        String value = o.metric().json() + " " + shown(o, pooled);
        if (shownBroken) {
            return value + ", beyond " + o.bound() + " in " + (rounds - met) + " of " + rounds + " rounds";
        }
        if (met >= SignTest.roundsToPass(rounds, alpha)) {
            return value + ": beyond " + o.bound() + " over all rounds together";
        }
        return value + ": " + o.bound() + " in only " + met + " of " + rounds + " rounds, "
                + SignTest.roundsToPass(rounds, alpha) + " needed";
    }

    /** A cause as one short line: its first, cut at {@value #CAUSE_CHARS} characters. */
    private static String firstLine(String cause) {
        String line = cause == null ? "no cause given" : cause.strip().lines().findFirst().orElse("");
        return line.length() <= CAUSE_CHARS ? line : line.substring(0, CAUSE_CHARS - 3) + "...";
    }

    private static String shown(Objective o, double value) {
        return o.metric().isLatency() ? Shown.ms(value) + " ms" : Shown.percent(value);
    }

    /** Each round's value of METRIC; a round without one (nothing committed) as infinitely bad. */
    private static double[] roundValues(ObjectiveMetric metric, List<Round> rounds) {
        return rounds.stream().mapToDouble(r -> metric.of(r.figures()))
                .map(v -> Double.isNaN(v) ? Double.POSITIVE_INFINITY : v).toArray();
    }

    /** The rounds' interval of their finite values (JSON has no infinity); the pooled value alone when none is. */
    private double[] interval(double[] rounds, double pooled) {
        double[] finite = Arrays.stream(rounds).filter(Double::isFinite).toArray();
        return finite.length == 0 ? new double[] {pooled, pooled} : SignTest.interval(finite, alpha);
    }

    private CapacityStep.StepLatency latency(RunResult step) {
        if (step.figures() == null || step.figures().latency() == null || step.figures().latency().count() == 0) {
            return null;
        }
        List<CapacityStep.Percentile> p = new ArrayList<>();
        for (ObjectiveMetric m : SHOWN) {
            double pooled = m.of(step.figures());
            double[] interval = interval(roundValues(m, step.rounds()), pooled);
            p.add(new CapacityStep.Percentile(pooled, interval[0], interval[1]));
        }
        return new CapacityStep.StepLatency(p.get(0), p.get(1), p.get(2));
    }

    private static Double failuresRatio(Figures all) {
        double r = ObjectiveMetric.FAILURES.of(all);
        return Double.isNaN(r) ? null : r;
    }

    private static double chance(int rounds, int s) {
        return s > rounds ? 1 : BinomialDistribution.of(rounds, 0.5).survivalProbability(s - 1);
    }
}
