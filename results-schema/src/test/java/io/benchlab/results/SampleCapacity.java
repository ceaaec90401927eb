package io.benchlab.results;

import java.util.List;

/** Capacity results for the tests: a search that bracketed its capacity, and one interrupted before any step. */
public final class SampleCapacity {

    private SampleCapacity() {
    }

    /** A search from a probe: two passes up, a fail, bisection, one step whose run failed, one unclear; with given settings. */
    public static CapacityResult full() {
        RunResult run = SampleResults.full();
        return new CapacityResult(
                CapacityResult.SCHEMA_VERSION,
                CapacityResult.KIND,
                "20250115T100000Z-capacity-h2-default-c4",
                Status.OK,
                null,
                new CapacityResult.Span("2025-01-15T10:00:00Z", "2025-01-15T10:06:12.25Z"),
                run.engine(),
                List.of(new CapacityResult.Objective("p99<=10ms", "p99", 10.0, "ms", false),
                        new CapacityResult.Objective("failures < 1%", "failures", 0.01, "ratio", true)),
                0.05,
                new CapacityResult.StepTest("sign-test", "every one of the step's rounds met each objective"
                        + " (5 of 5 by chance at most 1/32 when the median round misses it)"),
                new CapacityResult.Search(1200.0, "probe",
                        new CapacityResult.Probe("20250115T100000Z-h2-default-s10-c4-probe", "results/probe.json",
                                2400.0), 2640.0, 1.5, 12),
                new CapacityResult.Answer(1800.0, 1800.0, 2100.0, false, "1,800 tps passed, 2,100 failed; between them the"
                        + " rounds showed neither at 1,890"),
                List.of(step(1, 1200.0, StepVerdict.PASS, "every objective held in 5 of 5 rounds"),
                        step(2, 1800.0, StepVerdict.PASS, "every objective held in 5 of 5 rounds"),
                        step(3, 2640.0, StepVerdict.FAIL, "p99 19.8 ms > 10 ms in 5 of 5 rounds"),
                        new CapacityStep(4, "20250115T100500Z-h2-default-s10-c4", null, 2100.0, null, null, null, null,
                                null, List.of(), StepVerdict.FAIL, "the run failed: connection refused"),
                        step(5, 1890.0, StepVerdict.UNCLEAR, "p99 10.4 ms: <=10 ms in only 2 of 5 rounds, 5 needed")),
                run.knobs().with("rate_tps", null),
                run.placement(),
                run.setup());
    }

    /** A search stopped before its first step: nothing but what was asked. */
    public static CapacityResult interrupted() {
        return new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND,
                "20250115T110000Z-capacity-derby-default-c8", Status.INTERRUPTED, "interrupted before the first step",
                new CapacityResult.Span("2025-01-15T11:00:00Z", null), null,
                List.of(new CapacityResult.Objective("p95<=500us", "p95", 0.5, "ms", false)), 0.1,
                new CapacityResult.StepTest("sign-test", "every one of the step's rounds met each objective"),
                new CapacityResult.Search(500.0, "given", null, null, 2.0, 10),
                new CapacityResult.Answer(null, null, null, false, "interrupted before the first step"),
                List.of(), null, null, null);
    }

    private static CapacityStep step(int index, double offered, StepVerdict verdict, String why) {
        boolean pass = verdict == StepVerdict.PASS;
        double p99 = pass ? 4.0 + index : 10.0 + index * 2;
        return new CapacityStep(index, "20250115T10000" + index + "Z-h2-default-s10-c4",
                "results/20250115T10000" + index + "Z-h2-default-s10-c4.json", offered, offered * 0.998,
                pass ? 0L : 12L, Math.round(offered * 25), pass ? 0.0 : 0.0004,
                new CapacityStep.StepLatency(new CapacityStep.Percentile(1.5, 1.4, 1.6),
                        new CapacityStep.Percentile(3.0, 2.8, 3.3), new CapacityStep.Percentile(p99, p99 - 0.5, p99 + 0.75)),
                List.of(new CapacityStep.ObjectiveValue("p99", p99, p99 - 0.5, p99 + 0.75, pass),
                        new CapacityStep.ObjectiveValue("failures", pass ? 0.0 : 0.0004, 0.0, pass ? 0.0 : 0.001, true)),
                verdict, why);
    }
}
