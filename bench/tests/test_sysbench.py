"""The sysbench bench's pure parts: sysbench's output read, the CPU of its measured phase, its
options file, its arguments and its cells judged."""
import os
import stat
import unittest
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

from bench import sysbench_compare
from bench.common.cpu import CpuSampler
from bench.pgbench.sides import Setup
from bench.sysbench import local, output
from bench.tests.support import InTempDir, exit_of


def report(transactions: int, tps: float, ignored: int, p99: float, seconds: float) -> str:
    """A report as sysbench 1.0.20 prints it (trimmed to the lines read and their neighbours)."""
    return f"""SQL statistics:
    queries performed:
        other:                           {transactions}
    transactions:                        {transactions}   ({tps} per sec.)
    queries:                             {6 * transactions}  ({6 * tps} per sec.)
    ignored errors:                      {ignored}      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

Latency (ms):
         avg:                                   11.16
         99th percentile:                       {p99}

Threads fairness:
    events (avg/stddev):           177.7500/9.67
    execution time (avg/stddev):   {seconds}/0.01

"""


HEAD = """sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

Number of threads: 2
Report checkpoint(s) at 2 seconds

Threads started!

"""
THREADS = """tpcb thread 1 committed 714 retried 3 failed 0
tpcb thread 0 committed 697 retried 0 failed 1
"""
# Warm-up's report at the checkpoint, the threads' counts, then the measured phase's report.
RUN = HEAD + "[ 2s ] Checkpoint report:\n" + report(1422, 710.74, 2, 47.47, 1.9839) + THREADS \
    + report(4194, 832.51, 3, 64.47, 5.0376)


class ReportTest(unittest.TestCase):
    def test_the_measured_phase_is_the_report_after_the_checkpoints(self):
        self.assertEqual(output.report(RUN), {"transactions": 4194, "tps": 832.51, "ignored_errors": 3,
                                              "p99_ms": 64.47, "seconds": 5.0376})

    def test_without_a_warm_up_the_only_report_is_measured(self):
        self.assertEqual(output.report(HEAD + report(100, 50.0, 0, 3.5, 2.0))["transactions"], 100)

    def test_a_run_cut_after_its_checkpoint_has_no_measured_report(self):
        cut = HEAD + "[ 2s ] Checkpoint report:\n" + report(1422, 710.74, 2, 47.47, 1.9839)
        self.assertIsNone(output.report(cut))
        self.assertIsNone(output.report(HEAD))

    def test_another_percentile_is_not_taken_for_the_p99(self):
        self.assertIsNone(output.report(RUN.replace("99th percentile", "95th percentile"))["p99_ms"])

    def test_the_threads_counts_are_summed(self):
        self.assertEqual(output.thread_counts(RUN), {"committed": 1411, "retried": 3, "failed": 1})
        self.assertIsNone(output.thread_counts(HEAD))

    def test_threads_lines_that_ran_together_are_all_counted(self):
        glued = "tpcb thread 1 committed 4540 retried 0 failed 0tpcb thread 4 committed 4432 retried 2 failed 0\n"
        self.assertEqual(output.thread_counts(glued), {"committed": 8972, "retried": 2, "failed": 0})

    def test_a_failure_says_the_first_fatal_line(self):
        text = HEAD + "FATAL: mysql_stmt_execute() returned error 1264\nFATAL: `thread_run' function failed\n"
        self.assertEqual(output.why(text, 1), "exited 1: FATAL: mysql_stmt_execute() returned error 1264")
        self.assertEqual(output.why("", 127), "exited 127: no output")


class MeasuredCpuTest(unittest.TestCase):
    def sampler(self, samples):
        s = CpuSampler(pid=0)
        s.samples = samples
        return s

    def test_cpu_from_the_checkpoint_to_the_exit_per_transaction(self):
        s = self.sampler([(100.0, 0.5), (101.0, 1.0), (102.0, 1.5)])
        # 1.25 s of CPU at 101.5, 3.25 s at exit: 2 s over 1000 transactions.
        self.assertAlmostEqual(output.measured_cpu_us(s, 101.5, 3.25, 1000), 2000.0)

    def test_none_outside_the_samples_or_without_transactions(self):
        s = self.sampler([(100.0, 0.5), (101.0, 1.0)])
        self.assertIsNone(output.measured_cpu_us(s, 99.0, 3.0, 1000))
        self.assertIsNone(output.measured_cpu_us(s, 100.5, 3.0, 0))
        self.assertIsNone(output.measured_cpu_us(self.sampler([]), 100.5, 3.0, 10))


class ConfigTest(InTempDir):
    def server(self):
        password = self.dir / "pw"
        password.write_text("s3cret\n")
        return SimpleNamespace(state=self.dir, port=53307, password=lambda: password.read_text().strip())

    def test_the_options_file_holds_the_password_and_is_private(self):
        s = Setup(self.dir, scale=10, duration=20, warmup=5, script=local.SCRIPT)
        path = local.sysbench_config(self.server(), s, 8)
        self.assertEqual(stat.S_IMODE(path.stat().st_mode), 0o600)
        lines = path.read_text().splitlines()
        for line in ("mysql-password=s3cret", "mysql-port=53307", "threads=8", "time=25", "report-checkpoints=5",
                     f"mysql-ignore-errors={local.RETRIED_ERRORS}", "percentile=99"):
            self.assertIn(line, lines)

    def test_no_checkpoint_without_a_warm_up(self):
        s = Setup(self.dir, scale=10, duration=20, warmup=0, script=local.SCRIPT)
        text = local.sysbench_config(self.server(), s, 1).read_text()
        self.assertNotIn("report-checkpoints", text)
        self.assertIn("time=20\n", text)

    def test_the_script_is_benchlabs_transaction(self):
        lua = local.SCRIPT.read_text()
        for statement in ("UPDATE accounts SET abalance = abalance + ? WHERE aid = ?",
                          "SELECT abalance FROM accounts WHERE aid = ?",
                          "UPDATE tellers SET tbalance = tbalance + ? WHERE tid = ?",
                          "UPDATE branches SET bbalance = bbalance + ? WHERE bid = ?",
                          "INSERT INTO history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)"):
            self.assertIn(statement, lua)
        order = [lua.index(k) for k in ("update_account", "select_account", "update_teller", "update_branch",
                                        "insert_history")]
        self.assertEqual(order, sorted(order))


class ArgsTest(unittest.TestCase):
    def test_defaults_and_quick(self):
        with mock.patch.object(local, "installed", return_value=True):
            a, known = sysbench_compare.arguments([])
            self.assertEqual((a.scale, a.duration, a.warmup, a.clients, a.repeat), (10, 20, 10, [1, 8, 32], 3))
            self.assertEqual((a.profiles, a.driver), (list(known), "vertx"))
            a, _ = sysbench_compare.arguments(["--quick", "--driver", "vertx"])
            self.assertEqual((a.scale, a.duration, a.warmup, a.clients, a.repeat), (4, 5, 2, [1, 8], 1))
            self.assertEqual(a.driver, "vertx")   # passed through: benchlab says which it takes

    def test_bad_input_and_no_sysbench_exit_2_with_one_line(self):
        cases = ((["--port", "80"], True, "--port 80: give a port from 1024 to 65533"),
                 (["--warmup", "-1"], True, "warm-up at least 0"),
                 (["--services-dir", "/tmp/benchlab-services"], True, "is the test servers' state dir"),
                 ([], False, "sysbench is not installed: apt-get install -y sysbench"))
        for argv, present, says in cases:
            with mock.patch.object(local, "installed", return_value=present), \
                    mock.patch.dict(os.environ, {"BENCHLAB_SERVICES_DIR": "/tmp/benchlab-services"}):
                code, err = exit_of(sysbench_compare.arguments, argv)
            self.assertEqual(code, 2, argv)
            self.assertIn(says, err)
            self.assertEqual(len(err.strip().splitlines()), 1, err)


def side(tps_values, **summary):
    return [{"ok": True, "tps": t} for t in tps_values], {"ok": True, "consistency_ok": True, **summary}


class JudgeTest(unittest.TestCase):
    def row(self, sb, bl):
        (sb_runs, sb_sum), (bl_runs, bl_sum) = sb, bl
        return sysbench_compare.judge({"profile": "relaxed", "clients": 8, "runs": {"sysbench": sb_runs,
                                       "benchlab": bl_runs}, "sysbench": sb_sum, "benchlab": bl_sum})

    def test_ratios_of_the_medians_and_of_the_pairs(self):
        row = self.row(side([1000, 800], tps=900, cpu_us_per_tx=200), side([900, 880], tps=890, cpu_us_per_tx=300))
        self.assertAlmostEqual(row["ratio"], 890 / 900)
        self.assertEqual(row["pair_ratios"], [0.9, 1.1])
        self.assertAlmostEqual(row["cpu_ratio"], 1.5)
        self.assertEqual(row["mark"], "")

    def test_a_missed_target_a_failed_check_and_a_wrong_profile_are_marked(self):
        row = self.row(side([1000], tps=1000, consistency_ok=False),
                       side([900], tps=900, profile_read_back="durable"))
        self.assertIn("< target missed", row["mark"])
        self.assertIn("sysbench check FAILED", row["mark"])
        self.assertIn("benchlab recorded profile durable", row["mark"])
        self.assertEqual(len(sysbench_compare.problems([row])), 2)
