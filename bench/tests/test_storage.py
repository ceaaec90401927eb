import unittest

from bench import storage
from bench.common import descriptors
from bench.tests.support import exit_of, sample


ENGINES = descriptors.engines()


class StorageBenchTest(unittest.TestCase):
    def test_a_row_puts_the_runs_commits_beside_its_storage(self):
        r = sample(tps=1600.0)
        r["placement"]["database"]["storage"] = {"kind": "tmpfs", "filesystem": "tmpfs",
                                                 "flush": {"writes": 500, "p50_ms": 0.002, "p99_ms": 0.003}}
        r["warnings"] = [{"code": "durability_unverified", "value": 1600.0, "message": "..."}]
        row = storage.row(ENGINES[0], "tmpfs", 8, r)
        self.assertEqual(row["flush_p50_ms"], 0.002)
        self.assertEqual(row["commits_per_connection"], 200.0)
        self.assertTrue(row["durability_warning"])
        self.assertIn("not waiting for the disk", storage.table([row])[1])

    def test_a_run_without_storage_or_figures_still_makes_a_line(self):
        row = storage.row(ENGINES[-1], "volume", 1, {"status": "failed", "cause": "no server"})
        self.assertIsNone(row["flush_p50_ms"])
        self.assertIsNone(row["commits_per_connection"])
        line = storage.table([row])[1]
        self.assertIn("status failed (no server)", line)
        self.assertEqual(line.split()[3:6], ["1", "-", "-"])

    def test_bad_input_is_one_line_and_exit_2(self):
        code, err = exit_of(storage.arguments, ["--storage", "pvc"])
        self.assertEqual(code, 2)
        self.assertIn("--storage takes container, volume, tmpfs", err)
        code, err = exit_of(storage.arguments, ["--engines", "oracle"])
        self.assertEqual(code, 2)
        self.assertIn(", ".join(ENGINES), err)

    def test_the_engines_are_the_descriptors_folders(self):
        self.assertGreater(len(ENGINES), 1)
        self.assertEqual(ENGINES, sorted(ENGINES))
        for e in ENGINES:
            self.assertIn("versions", descriptors.descriptor(e))
