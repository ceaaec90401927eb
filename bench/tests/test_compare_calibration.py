import unittest

from bench import compare_calibration as cc


def pair(tps_a: float, tps_b: float, tps: str, noise: float | None = 10.0, **others) -> dict:
    return {"tps_a": tps_a, "tps_b": tps_b, "verdicts": {"tps": tps, **others}, "tps_noise_percent": noise}


class SummaryTest(unittest.TestCase):
    """What the calibration counts from judged pairs: made-up verdicts, so every count is known."""

    def setUp(self):
        # 20 A/A pairs: one false alarm (by p99), the rest inconclusive in tps but two.
        self.same = [pair(1000, 1000, "inconclusive") for _ in range(17)] + [
            pair(1000, 990, "no change", 3.0), pair(1000, 1010, "no change", 3.0),
            pair(1000, 1000, "inconclusive", p99="regressed")]
        # 10 slow pairs: 9 with tps 30-35% lower, found in 8; one -20% within its noise.
        self.slow = [pair(1000, 680, "regressed", 25.0) for _ in range(8)] + [
            pair(1000, 650, "inconclusive", 40.0), pair(1000, 800, "inconclusive", 30.0)]
        self.s = cc.summary("engine-a", self.same, self.slow, [], [], drop=30)

    def test_counts(self):
        s = self.s
        self.assertEqual((s["aa_pairs"], s["aa_regressed"], s["aa_tps_no_change"], s["aa_tps_inconclusive"]),
                         (20, 1, 2, 18))
        self.assertEqual((s["slow_pairs"], s["slow_found_by_tps"]), (10, 8))
        self.assertEqual((s["dropped_pairs"], s["dropped_tps_no_change"]), (9, 0))
        # -32% against +-25% (8 pairs) is beyond its noise, -35% against +-40% and -20% against +-30% not.
        self.assertEqual((s["beyond_noise_pairs"], s["beyond_noise_tps_regressed"]), (8, 8))

    def test_targets_say_met_or_not(self):
        lines = cc.targets(self.s, 0.3)
        self.assertEqual(lines[0], "A/A false alarms 1 of 20 (5%; at most 1 in 20: met)")
        self.assertEqual(lines[1], "a 30% CPU cut (-31.1% tps measured): tps regressed in 8 of 10 pairs"
                                   " (80%; at least 9 in 10: NOT met)")
        self.assertEqual(lines[2], "tps 30% or more lower: called no change in 0 of 9 (none: met)")
        self.assertEqual(lines[3], "tps drops at least their interval's half-width: regressed in 8 of 8 (100%)")
        self.assertEqual(lines[4], "A/A tps no change in 2 of 20, inconclusive in 18")

    def test_a_large_drop_called_no_change_fails_its_target(self):
        s = cc.summary("hsqldb", [pair(1000, 600, "no change", 50.0)], [], [], [], drop=30)
        self.assertEqual(cc.targets(s, 0.1)[2], "tps 30% or more lower: called no change in 1 of 1 (none: NOT met)")
        self.assertIn("at least 9 in 10: not judged", cc.targets(s, 0.1)[1])

    def test_two_false_alarms_in_twenty_miss_the_target(self):
        same = [pair(1000, 1000, "regressed")] * 2 + [pair(1000, 1000, "inconclusive")] * 18
        self.assertIn("at most 1 in 20: NOT met", cc.targets(cc.summary("h2", same, [], [], []), 0.1)[0])


if __name__ == "__main__":
    unittest.main()
