"""The pgbench benches' pure parts: the tables, the script, the side-by-side rows, the lab's arguments."""
import unittest

from bench.common.kube import json_documents
from bench.pgbench import lab_overhead, objects, report, sides

# pgbench --show-script=tpcb-like, as pgbench 15 prints it (on stderr).
SHOWN = """\
-- tpcb-like: <builtin: TPC-B (sort of)>
\\set aid random(1, 100000 * :scale)
\\set bid random(1, 1 * :scale)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
END;
"""


def row(pg_tps, bl_tps, pairs, profile="durable", clients=8):
    runs = {"pgbench": [{"ok": True, "tps": t} for t, _ in pairs], "benchlab": [{"ok": True, "tps": t} for _, t in pairs]}
    return {"profile": profile, "clients": clients, "runs": runs, "pgbench": {"tps": pg_tps}, "benchlab": {"tps": bl_tps}}


class SidesTest(unittest.TestCase):
    def test_the_builtin_script_on_benchlabs_tables(self):
        text = sides.on_benchlab_tables(SHOWN)
        self.assertNotIn("pgbench_", text)
        self.assertNotIn("--", text)
        self.assertIn("UPDATE accounts SET abalance", text)
        self.assertIn("INSERT INTO history (tid", text)
        self.assertTrue(text.endswith("END;\n"))

    def test_each_side_vacuums_the_tables_it_updates(self):
        self.assertEqual(sides.settled_tables("pgbench", on_benchlab_tables=True), ["branches", "tellers"])
        self.assertEqual(sides.settled_tables("pgbench", on_benchlab_tables=False), ["pgbench_branches", "pgbench_tellers"])
        self.assertEqual(sides.settled_tables("benchlab", on_benchlab_tables=False), ["branches", "tellers"])

    def test_pgbench_run_options(self):
        self.assertEqual(sides.pgbench_run(8, 15), ["-n", "-M", "prepared", "-j", "2", "-c", "8", "-T", "15"])

    def test_pgbench_output_is_read(self):
        out = ("number of transactions actually processed: 41234\nnumber of failed transactions: 0 (0.000%)\n"
               "tps = 2748.912345 (without initial connection time)\n")
        self.assertEqual(sides.TPS.search(out).group(1), "2748.912345")
        self.assertEqual(sides.PROCESSED.search(out).group(1), "41234")
        self.assertEqual(sides.FAILED.search(out).group(1), "0")

    def test_a_side_summary_is_the_median_of_its_ok_runs(self):
        runs = [{"ok": True, "tps": 100.0}, {"ok": False, "tps": 5.0, "why": "exited 1"}, {"ok": True, "tps": 120.0}]
        s = sides.summarize(runs, ("tps", "p99_ms"))
        self.assertEqual((s["tps"], s["p99_ms"], s["ok"], s["why"]), (110.0, None, False, "exited 1"))


class ReportTest(unittest.TestCase):
    def test_the_ratio_is_of_the_medians_beside_each_pairs(self):
        r = report.judge(row(100.0, 95.0, [(100.0, 90.0), (100.0, 100.0)]))
        self.assertAlmostEqual(r["ratio"], 0.95)
        self.assertEqual(r["pair_ratios"], [0.9, 1.0])
        self.assertIsNone(report.judge(row(None, 95.0, []))["ratio"])

    def test_missed_names_the_cells_below_the_target(self):
        rows = [report.judge(row(100.0, 95.0, [], clients=8)), report.judge(row(100.0, 101.0, [], clients=32))]
        self.assertEqual(report.missed(rows, 1.0), ["durable c8 (0.95x)"])


class ClusterArgsTest(unittest.TestCase):
    ARGS = ["run", "--engine", "e", "--jdbc-url", "jdbc:e://db:1/bench", "--user", "u", "--password-file", "/p",
            "--scale", "10", "--clients", "1", "--seed", "3", "--duration", "20s", "--result-frame"]

    def test_values_are_replaced_in_place(self):
        changed = objects.with_values(self.ARGS, {"--clients": "8", "--seed": "9"})
        self.assertEqual(objects.value_of(changed, "--clients"), "8")
        self.assertEqual(objects.value_of(changed, "--seed"), "9")
        self.assertEqual(len(changed), len(self.ARGS))
        self.assertEqual(objects.value_of(self.ARGS, "--clients"), "1")

    def test_runner_init_takes_the_target_and_scale_only(self):
        self.assertEqual(objects.init_args(self.ARGS), ["init", "--engine", "e", "--jdbc-url", "jdbc:e://db:1/bench",
                                                        "--user", "u", "--password-file", "/p", "--scale", "10"])

    def test_kubectls_json_documents_one_after_the_other(self):
        self.assertEqual(json_documents('{"kind": "Secret"}\n{"kind": "Pod",\n "a": [1]}\n'),
                         [{"kind": "Secret"}, {"kind": "Pod", "a": [1]}])


class LabOverheadTest(unittest.TestCase):
    def test_the_overhead_splits_at_the_labs_marks_and_the_results_timestamps(self):
        result = {"timestamps": {"started": "1970-01-01T00:00:10Z", "measured_start": "1970-01-01T00:00:15Z",
                                 "finished": "1970-01-01T00:00:27Z"},
                  "figures": {"seconds": 10.0}, "warmup": {"seconds": 2.0}}
        split = lab_overhead.split({"created": 2.0, "db_ready": 6.0}, result, wall=30.0, w0=0.0)
        self.assertEqual(split, {"start_to_objects_made": 2.0, "objects_made_to_db_ready": 4.0,
                                 "db_ready_to_runner_main": 4.0, "runner_main_to_warmup": 3.0,
                                 "measured_end_to_runner_end": 2.0, "runner_end_to_exit": 3.0})
        self.assertEqual(sum(split.values()) + 10.0 + 2.0, 30.0)
        self.assertNotIn("start_to_objects_made", lab_overhead.split({}, result, wall=30.0, w0=0.0))


if __name__ == "__main__":
    unittest.main()
