package io.benchlab.runner.sink;

import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.runner.metrics.Step;
import java.util.Locale;

/** The human summary printed when a run ends; the JSON result is the record, this is the view. */
public final class SummaryFormat {

    private SummaryFormat() {
    }

    public static String format(RunResult r, String resultPath) {
        StringBuilder b = new StringBuilder();
        line(b, "run", r.runId() + "  status " + r.status().json()
                + (r.cause() == null ? "" : " (" + r.cause() + ")"));
        if (r.engine() != null) {
            line(b, "engine", r.engine().name() + "/" + r.engine().profile() + "  "
                    + r.engine().productName() + " " + r.engine().version());
        }
        line(b, "workload", workload(r.knobs()));
        if (r.load() != null) {
            line(b, "load", String.format(Locale.ROOT, "%d rows in %.2f s (%s)",
                    r.load().rows(), r.load().seconds(), r.load().method()));
        }
        if (r.warmup() != null && r.warmup().seconds() > 0) {
            line(b, "warm-up", String.format(Locale.ROOT, "%.1f s, %d committed (excluded)",
                    r.warmup().seconds(), r.warmup().committed()));
        }
        if (r.rounds().size() > 1) {
            for (Round round : r.rounds()) {
                line(b, "round " + round.index(), String.format(Locale.ROOT, "tps %.1f  p99 %.3f ms%s",
                        round.figures().tps(), round.figures().latency().p99Ms(), round.counted() ? "  <- counts" : ""));
            }
        }
        Figures f = r.figures();
        if (f != null) {
            line(b, "tps", String.format(Locale.ROOT, "%.1f over %.2f s", f.tps(), f.seconds()));
            line(b, "latency", latency(f.latency()) + " (ms)");
            for (Step step : Step.all()) {
                Latency l = f.statements().get(step.key());
                if (l != null) {
                    line(b, "  " + step.key(), latency(l));
                }
            }
            line(b, "committed", f.committed() + "  failed " + f.failed() + "  retried " + f.retried()
                    + (f.failuresByCause().isEmpty() ? "" : "  by SQLState class " + f.failuresByCause()));
            line(b, "memory", String.format(Locale.ROOT, "max %.1f MiB  min %.1f MiB",
                    f.memory().maxBytes() / 1048576.0, f.memory().minBytes() / 1048576.0));
        }
        if (r.consistency() != null) {
            line(b, "check", (r.consistency().ok() ? "ok: " : "FAILED: ") + r.consistency().message());
        }
        if (resultPath != null) {
            line(b, "result", resultPath);
        }
        return b.toString();
    }

    private static String workload(Knobs k) {
        String length = k.durationSeconds() != null
                ? String.format(Locale.ROOT, "%.1f s", k.durationSeconds())
                : k.transactionsPerClient() + " tx/client";
        return String.format(Locale.ROOT, "tpcb scale %d, %d clients, %s x %d round(s), %s, %s, %s%s%s, seed %d",
                k.scale(), k.clients(), length, k.rounds(), k.distribution(), k.statements(),
                k.autocommit() ? "autocommit" : "explicit tx", k.selectOnly() ? ", select-only" : "",
                k.rateTps() == null ? "" : String.format(Locale.ROOT, ", rate %.1f tps", k.rateTps()), k.seed());
    }

    private static String latency(Latency l) {
        return String.format(Locale.ROOT, "p50 %.3f  p90 %.3f  p95 %.3f  p99 %.3f  p99.9 %.3f  max %.3f",
                l.p50Ms(), l.p90Ms(), l.p95Ms(), l.p99Ms(), l.p999Ms(), l.maxMs());
    }

    private static void line(StringBuilder b, String label, String value) {
        b.append(String.format(Locale.ROOT, "%-18s %s%n", label, value));
    }
}
