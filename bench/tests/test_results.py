import json
import tempfile
import unittest
from pathlib import Path

from bench.common import results
from bench.tests.support import SAMPLE, sample


class ResultsTest(unittest.TestCase):
    def test_figures_of_the_golden_sample(self):
        r = results.read(SAMPLE)
        f = results.figures(r)
        raw = json.loads(SAMPLE.read_text())["figures"]
        self.assertEqual(f["status"], r["status"])
        self.assertEqual(f["tps"], raw["tps"])
        self.assertEqual(f["transactions"], raw["committed"])
        self.assertEqual(f["warmup_transactions"], r["warmup"]["committed"])
        self.assertEqual(f["p99_ms"], raw["latency"]["p99_ms"])
        self.assertEqual(f["client_cpu_us_per_tx"], raw["client_cpu"]["micros_per_transaction"])
        self.assertEqual(f["consistency_ok"], r["consistency"]["ok"])
        self.assertEqual(f["profile_read_back"], r["engine"]["profile"])

    def test_figures_of_a_failed_run_are_none(self):
        f = results.figures({"status": "failed", "cause": "no connection"})
        self.assertEqual(f["status"], "failed")
        self.assertIsNone(f["tps"])
        self.assertIsNone(f["p99_ms"])
        self.assertEqual(f["warmup_transactions"], 0)

    def test_the_measured_window_starts_at_measured_start(self):
        r = results.read(SAMPLE)
        start, end = results.measured_window(r)
        self.assertEqual(start, results.instant("2025-01-15T10:00:41.503Z"))
        self.assertAlmostEqual(end - start, r["figures"]["seconds"])
        self.assertIsNone(results.measured_window({"figures": {}}))

    def test_instant_reads_utc(self):
        self.assertEqual(results.instant("1970-01-01T00:00:01.500Z"), 1.5)

    def test_a_run_counts_only_when_ok_with_its_commits_agreeing(self):
        self.assertIsNone(results.problem(sample()))
        failed = sample()
        failed.update(status="failed", cause="the server went away")
        self.assertEqual(results.problem(failed), "status failed (the server went away)")
        closure = sample()
        closure["consistency"]["server_commits"].update(agrees=False, message="the server counted 5 commits")
        self.assertEqual(results.problem(closure), "the server counted 5 commits")

    def test_warnings_by_prefix(self):
        r = sample()
        r["warnings"] = [{"code": "influx_dropped", "message": "m"}, {"code": "branch_contention", "message": "m"}]
        self.assertEqual(results.warnings(r, "influx"), ["influx_dropped"])
        self.assertEqual(results.warnings({}, "influx"), [])

    def test_read_gives_the_file_as_written(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "r.json"
            path.write_text(json.dumps(sample(tps=123.4)))
            self.assertEqual(results.read(path)["figures"]["tps"], 123.4)


if __name__ == "__main__":
    unittest.main()
