import json
import unittest
import unittest.mock
from pathlib import Path

from bench.common import ab
from bench.common.compare import Comparison
from bench.tests.support import InTempDir, exit_of, sample


class FakeRunner:
    """Stands for bin/runner: writes the golden sample with a tps of each side's into --output."""

    def __init__(self, tps: dict[str, float], exit_code: int = 0):
        self.tps, self.exit_code, self.commands = tps, exit_code, []

    def __call__(self, cmd, thread):
        self.commands.append(cmd)
        side = "on" if "--feature-on" in cmd else "off"
        Path(cmd[cmd.index("--output") + 1]).write_text(json.dumps(sample(tps=self.tps[side])))
        return self.exit_code, "boom", 10.0, 0.05 if side == "on" else 0.0


class FakeCompare:
    """Stands for lab compare: records the sides it got, answers with a tps verdict."""

    def __init__(self, tps_verdict: str, exit_code: int = 0):
        self.verdict, self.exit_code, self.calls = tps_verdict, exit_code, []

    def __call__(self, baseline, run, options, log):
        self.calls.append((baseline, run, options))
        return Comparison(self.exit_code, {"tps": self.verdict, "p99 ms": "no change"}, "table\n")


def feature(**changes) -> ab.Feature:
    return ab.Feature("t", 0.99, ["--engine", "e"], {"off": [], "on": ["--feature-on"]}, **changes)


class HarnessTest(InTempDir):
    def harness(self, runner, judge=None, **changes):
        return ab.Harness(feature(**changes), self.dir, execute=runner, judge=judge or FakeCompare("no change"))

    def quiet(self, call, *args):
        with unittest.mock.patch("sys.stdout"):
            return call(*args)

    def test_pairs_alternate_which_side_runs_first_and_give_on_over_off(self):
        runner = FakeRunner({"off": 100.0, "on": 98.0})
        h = self.harness(runner)
        ratios = self.quiet(h.pairs, 4)
        outputs = [Path(c[c.index("--output") + 1]).name for c in runner.commands]
        self.assertEqual(outputs, ["pair1-off.json", "pair1-on.json", "pair2-on.json", "pair2-off.json",
                                   "pair3-off.json", "pair3-on.json", "pair4-on.json", "pair4-off.json"])
        self.assertEqual(ratios, [0.98] * 4)
        self.assertTrue(all(c[:2] == [ab.RUNNER, "run"] and "--engine" in c for c in runner.commands))
        self.assertEqual(["--feature-on" in c for c in runner.commands], [False, True, True, False] * 2)

    def test_the_verdict_is_lab_compares_on_every_run_of_each_side(self):
        judge = FakeCompare("no change")
        h = self.harness(FakeRunner({"off": 100.0, "on": 98.0}), judge, compare_options=["--allow-differences"])
        met, _ = self.quiet(lambda: h.verdict(h.pairs(2)))
        self.assertTrue(met)
        baseline, run, options = judge.calls[0]
        self.assertEqual(baseline, f"{self.dir}/pair1-off.json,{self.dir}/pair2-off.json")
        self.assertEqual(run, f"{self.dir}/pair1-on.json,{self.dir}/pair2-on.json")
        self.assertEqual(options, ["--threshold", "1", "--allow-differences"])

    def test_a_tps_regression_misses_the_target(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 90.0}), FakeCompare("regressed", exit_code=1))
        met, c = self.quiet(lambda: h.verdict(h.pairs(2)))
        self.assertFalse(met)
        self.assertEqual(c.regressed(), ["tps"])

    def test_too_few_rounds_to_judge_do_not_meet_the_target(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}), FakeCompare("inconclusive"))
        met, _ = self.quiet(lambda: h.verdict(h.pairs(2)))
        self.assertFalse(met)

    def test_a_refused_comparison_ends_the_bench(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}), FakeCompare("no change", exit_code=2))
        self.quiet(h.pairs, 2)
        code, err = exit_of(h.verdict, [1.0, 1.0])
        self.assertEqual(code, 1)
        self.assertIn("lab compare refused the runs (2)", err)

    def test_a_failed_run_ends_the_bench_naming_it(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}, exit_code=3))
        code, err = exit_of(h.pairs, 1)
        self.assertEqual(code, 1)
        self.assertIn("run pair1-off failed (3): boom", err)

    def test_the_features_check_judges_each_result(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}),
                         check=lambda side, r: "no sink" if side == "on" else None)
        code, err = exit_of(h.pairs, 1)
        self.assertIn("run pair1-on: no sink", err)

    def test_the_features_cpu_as_a_share_of_the_process(self):
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}))
        self.quiet(h.pairs, 2)
        self.assertEqual(h.shares(), [0.005, 0.005])
        h = self.harness(FakeRunner({"off": 100.0, "on": 100.0}), cpu=lambda run: run.result["server_stats"]["reads"])
        self.quiet(h.pairs, 1)
        self.assertEqual(h.shares(), [sample()["server_stats"]["reads"] / 10.0])


if __name__ == "__main__":
    unittest.main()
