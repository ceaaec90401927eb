package io.benchlab.runner.sink;

import io.benchlab.results.ClientCpu;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import io.benchlab.runner.metrics.Step;
import java.util.Locale;

/** The human summary printed when a run ends; the JSON result is the record, this is the view. */
public final class SummaryFormat {

    /** The result's knob of --rate-steps: with it, each round is a step and gets a line of its own. */
    private static final String STEPS = "rate_steps";

    private SummaryFormat() {
    }

    public static String format(RunResult r, String resultPath) {
        StringBuilder b = new StringBuilder();
        line(b, "run", r.runId() + "  status " + r.status().json()
                + (r.cause() == null ? "" : " (" + r.cause() + ")"));
        for (Warning w : r.warnings()) {
            line(b, "WARNING", w.code() + ": " + w.message());
        }
        if (r.engine() != null) {
            line(b, "engine", r.engine().name() + "/" + r.engine().profile()
                    + engineLabel(r.engine().productName(), r.engine().version()));
        }
        line(b, "workload", workload(r.knobs()));
        if (r.load() != null) {
            line(b, "load", String.format(Locale.ROOT, "%d rows in %.2f s (%s)",
                    r.load().rows(), r.load().seconds(), r.load().method()));
        }
        if (r.warmup() != null && r.warmup().seconds() > 0) {
            line(b, "warm-up", String.format(Locale.ROOT, "%.1f s%s, %d committed (excluded)%s",
                    r.warmup().seconds(), r.warmup().ended() == null ? "" : " (" + r.warmup().ended() + ")",
                    r.warmup().committed(), r.warmup().missedStarts() == 0 ? ""
                            : ", " + r.warmup().missedStarts() + " scheduled starts dropped at its end"));
        }
        if (r.knobs().get(STEPS) != null) {
            for (Round round : r.rounds()) {
                line(b, "step " + round.index(), step(round.figures()));
            }
        } else if (r.rounds().size() > 1) {
            for (Round round : r.rounds()) {
                line(b, "round " + round.index(), String.format(Locale.ROOT, "tps %.1f  p99 %.3f ms",
                        round.figures().tps(), round.figures().latency().p99Ms()));
            }
        }
        Figures f = r.figures();
        if (f != null) {
            line(b, "tps", String.format(Locale.ROOT, "%.1f over %.2f s%s", f.tps(), f.seconds(),
                    r.rounds().size() > 1 ? " (all " + r.rounds().size() + " rounds)" : ""));
            if (f.schedule() != null) {
                line(b, "schedule", String.format(Locale.ROOT, "target %.1f tps, achieved %.1f, %d of %d starts missed",
                        f.schedule().targetTps(), f.schedule().achievedTps(), f.schedule().missedStarts(),
                        f.schedule().scheduled()));
            }
            line(b, "latency", latency(f.latency()) + " (ms)");
            for (Step step : Step.all()) {
                Latency l = f.statements().get(step.key());
                if (l != null) {
                    line(b, "  " + step.key(), latency(l));
                }
            }
            if (f.failedLatency() != null) {
                line(b, "failed latency", latency(f.failedLatency()));
            }
            line(b, "committed", f.committed() + "  failed " + f.failed()
                    + (f.exhaustedRetries() == 0 ? "" : " (" + f.exhaustedRetries() + " out of tries)")
                    + "  retried " + f.retried()
                    + (f.failuresByCause().isEmpty() ? "" : "  failed tries by cause " + f.failuresByCause()));
            line(b, "memory", String.format(Locale.ROOT, "heap live max %.1f MiB  resident peak %s",
                    f.memory().heapLiveMaxBytes() / 1048576.0, f.memory().rssPeakBytes() == null ? "unknown"
                            : String.format(Locale.ROOT, "%.1f MiB", f.memory().rssPeakBytes() / 1048576.0)));
            ClientCpu cpu = f.clientCpu();
            if (cpu != null) {
                line(b, "client cpu", String.format(Locale.ROOT, "%.2f s  %.2f cores%s%s", cpu.cpuSeconds(), cpu.cores(),
                        cpu.microsPerTransaction() == null ? ""
                                : String.format(Locale.ROOT, "  %.1f us per transaction", cpu.microsPerTransaction()),
                        cpu.jitSeconds() == null ? "" : String.format(Locale.ROOT, "  JIT %.2f s", cpu.jitSeconds())));
            }
        }
        if (r.consistency() != null) {
            String verdict = !r.consistency().checked() ? "NOT CHECKED: " : r.consistency().ok() ? "ok: " : "FAILED: ";
            line(b, "check", verdict + r.consistency().message().replaceFirst("^not checked: ", ""));
        }
        if (resultPath != null) {
            line(b, "result", resultPath);
        }
        return b.toString();
    }

    /**
     * "  PostgreSQL 15.8 (Debian 15.8-0+deb12u1)": the product once (PostgreSQL's version() names
     * it already), without the build platform that follows " on ".
     */
    static String engineLabel(String product, String version) {
        if (version == null) {
            return product == null ? "" : "  " + product;
        }
        String v = version.contains(" on ") ? version.substring(0, version.indexOf(" on ")) : version;
        return "  " + (product == null || v.startsWith(product) ? v : product + " " + v);
    }

    private static String workload(Knobs k) {
        Object profileLength = k.get("step_duration_seconds") != null ? k.get("step_duration_seconds")
                : k.get("ramp_duration_seconds");
        Double seconds = profileLength != null ? Double.valueOf(((Number) profileLength).doubleValue())
                : k.durationSeconds();
        String length = seconds != null
                ? String.format(Locale.ROOT, "%.1f s", seconds)
                : k.transactionsPerClient() + " tx/client";
        return String.format(Locale.ROOT, "tpcb scale %d%s, %d clients, %s x %d round(s), %s, %s, %s%s%s, seed %d",
                k.scale(), k.scaleFollowsClients() ? " (one branch per client)" : "", k.clients(), length, k.rounds(), k.text("distribution"), k.text("statements"),
                k.flag("autocommit") ? "autocommit" : "explicit tx", k.flag("select_only") ? ", select-only" : "",
                rate(k), k.seed());
    }

    /** One step of --rate-steps: what it offered, what it achieved, what it missed, how fast and how many failed. */
    static String step(Figures f) {
        return String.format(Locale.ROOT, "offered %.1f  achieved %.1f tps  missed starts %d  p50 %.3f  p99 %.3f ms"
                        + "  failed %d", f.schedule().targetTps(), f.tps(), f.schedule().missedStarts(),
                f.latency().p50Ms(), f.latency().p99Ms(), f.failed());
    }

    private static String rate(Knobs k) {
        if (k.rateTps() != null) {
            return String.format(Locale.ROOT, ", rate %.1f tps", k.rateTps());
        }
        if (k.get(STEPS) != null) {
            return ", rate steps " + k.text(STEPS) + " tps";
        }
        return k.get("rate_ramp") == null ? "" : ", rate ramp " + k.text("rate_ramp") + " tps";
    }

    private static String latency(Latency l) {
        return String.format(Locale.ROOT, "p50 %.3f  p90 %.3f  p95 %.3f  p99 %.3f  p99.9 %.3f  max %.3f",
                l.p50Ms(), l.p90Ms(), l.p95Ms(), l.p99Ms(), l.p999Ms(), l.maxMs());
    }

    private static void line(StringBuilder b, String label, String value) {
        b.append(String.format(Locale.ROOT, "%-18s %s%n", label, value));
    }
}
