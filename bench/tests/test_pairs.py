import unittest

from bench.common import pairs


class PairsTest(unittest.TestCase):
    def test_the_side_that_goes_first_alternates(self):
        self.assertEqual(pairs.in_order(("a", "b"), 1), ["a", "b"])
        self.assertEqual(pairs.in_order(("a", "b"), 2), ["b", "a"])
        self.assertEqual(pairs.in_order(("a", "b"), 3), ["a", "b"])

    def test_a_plan_runs_every_side_once_a_pair(self):
        self.assertEqual(pairs.plan(("off", "on"), 3),
                         [(1, "off"), (1, "on"), (2, "on"), (2, "off"), (3, "off"), (3, "on")])
        self.assertEqual(pairs.plan(("off", "on"), 0), [])

    def test_each_side_goes_first_as_often_when_the_pairs_are_even(self):
        firsts = [side for pair, side in pairs.plan(("a", "b"), 10)][::2]
        self.assertEqual(firsts.count("a"), firsts.count("b"))

    def test_ratios_skip_pairs_with_a_failed_or_missing_run(self):
        a = [{"ok": True, "tps": 100.0}, {"ok": False, "why": "x"}, {"ok": True, "tps": 0}, {"ok": True, "tps": 50.0}]
        b = [{"ok": True, "tps": 90.0}, {"ok": True, "tps": 10.0}, {"ok": True, "tps": 5.0}, {"ok": True, "tps": 60.0}]
        self.assertEqual(pairs.ratios(a, b), [0.9, 1.2])
        self.assertEqual(pairs.ratios([{"p99_ms": 2.0}], [{"p99_ms": 3.0}], "p99_ms"), [1.5])


if __name__ == "__main__":
    unittest.main()
