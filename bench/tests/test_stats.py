import math
import unittest

from bench.common import stats


class StatsTest(unittest.TestCase):
    def test_median_leaves_out_missing_values(self):
        self.assertEqual(stats.median([3.0, None, 1.0, 2.0]), 2.0)
        self.assertEqual(stats.median([4.0, 1.0, None, 2.0, 3.0]), 2.5)
        self.assertIsNone(stats.median([None, None]))
        self.assertIsNone(stats.median([]))

    def test_percentile_is_the_nearest_rank(self):
        values = list(range(1, 101))
        self.assertEqual(stats.percentile(values, 0.99), 99)
        self.assertEqual(stats.percentile(values, 0.50), 50)
        self.assertEqual(stats.percentile([7.0], 0.99), 7.0)
        self.assertEqual(stats.percentile([1, 2, 3], 0.0), 1)
        self.assertIsNone(stats.percentile([], 0.5))

    def test_ratio_is_none_without_a_base(self):
        self.assertEqual(stats.ratio(3.0, 2.0), 1.5)
        self.assertIsNone(stats.ratio(3.0, 0))
        self.assertIsNone(stats.ratio(None, 2.0))
        self.assertIsNone(stats.ratio(3.0, None))

    def test_spread_of_no_runs_is_nan_not_an_error(self):
        self.assertTrue(all(math.isnan(x) for x in stats.spread([])))

    def test_spread_gives_the_coefficient_of_variation(self):
        mean, sd, cv = stats.spread([90.0, 100.0, 110.0])
        self.assertEqual(mean, 100.0)
        self.assertAlmostEqual(sd, 10.0)
        self.assertAlmostEqual(cv, 0.1)
        self.assertEqual(stats.spread([5.0]), (5.0, 0.0, 0.0))
        self.assertTrue(math.isnan(stats.spread([0.0, 0.0])[2]))

    def test_rule_of_three(self):
        self.assertAlmostEqual(stats.rule_of_three(60), 0.05)


if __name__ == "__main__":
    unittest.main()
