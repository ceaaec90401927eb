import unittest
from pathlib import Path

from bench.common import compare

# lab compare's output for two runs a side, as it prints it (bin/lab compare a1.json,a2.json b1.json,b2.json);
# the verdicts varied so that each kind appears.
PRINTED = """\
baseline 2 runs: hsqldb memory, embedded, 2 clients, 2 s x 3 rounds, seed 1, status ok
           20261127T044943Z-hsqldb-f5fc (a1.json)
           20261127T045034Z-hsqldb-ff8f (a2.json)
run      2 runs: hsqldb memory, embedded, 2 clients, 2 s x 3 rounds, seed 2, status ok
           20261127T044959Z-hsqldb-8a82 (b1.json)
           20261127T045017Z-hsqldb-912d (b2.json)
also differs: seed 1 vs 2
samples: 6 rounds against 6 (the spread between the runs of a side is measured)
metric           baseline        value     change      noise        p   verdict
tps               12596.1      10327.6     -18.0%     ±14.8%   0.0048   regressed
p50 ms              0.018        0.018      +0.0%     ±80.1%   0.7786   no change
p95 ms              0.040        0.041      +1.7%    ±118.5%   0.7870   no change
p99 ms              1.943        1.717     -11.6%    ±622.9%   0.7304   improved
failures %          0.000        0.000   +0.00 pp   ±0.25 pp   1.0000   inconclusive: about 6 runs a side

a metric regressed
"""


class CompareTest(unittest.TestCase):
    def test_verdicts_are_each_rows_last_column(self):
        self.assertEqual(compare.verdicts(PRINTED), {"tps": "regressed", "p50 ms": "no change", "p95 ms": "no change",
                                                     "p99 ms": "improved", "failures %": "inconclusive"})

    def test_lines_that_are_no_metric_rows_give_no_verdict(self):
        self.assertEqual(compare.verdicts("metric baseline value change noise p verdict\nno regression\n"), {})

    def test_rows_hold_change_noise_and_what_would_tell(self):
        rows = compare.rows(PRINTED)
        self.assertEqual(rows["tps"], compare.Row(-18.0, 14.8, "regressed", None))
        self.assertEqual(rows["failures %"], compare.Row(0.0, 0.25, "inconclusive", "about 6 runs a side"))
        few = "tps                 126.6        132.7      +4.8%        n/a      n/a   inconclusive: at least 5 rounds a side"
        self.assertEqual(compare.rows(few)["tps"], compare.Row(4.8, None, "inconclusive", "at least 5 rounds a side"))

    def test_regressed_names_the_metrics(self):
        c = compare.Comparison(1, compare.verdicts(PRINTED), PRINTED)
        self.assertEqual(c.regressed(), ["tps"])

    def test_several_files_make_one_side(self):
        self.assertEqual(compare.side([Path("/r/a1.json"), Path("/r/a2.json")]), "/r/a1.json,/r/a2.json")


if __name__ == "__main__":
    unittest.main()
