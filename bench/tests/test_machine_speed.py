"""bench.machine_speed: its windows, a short real run, and bad input."""
import contextlib
import io
import unittest

from bench import machine_speed
from bench.tests.support import exit_of


class MachineSpeedTest(unittest.TestCase):
    def test_windows_average_whole_runs_and_leave_out_a_short_last_one(self):
        self.assertEqual(machine_speed.windows([1, 3, 5, 7, 9], 2), [2.0, 6.0])
        self.assertEqual(machine_speed.windows([4], 2), [])

    def test_a_loop_counts_one_block_total_a_second(self):
        counts = machine_speed.spin(2)
        self.assertIn(len(counts), (2, 3))
        self.assertTrue(all(n > 0 for n in counts), counts)

    def test_a_short_run_prints_each_loops_ratio(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(machine_speed.main(["--seconds", "2", "--window", "1", "--procs", "1"]), 0)
        self.assertRegex(out.getvalue(), r"loop 0: slowest window / fastest (0|1)\.\d\d")

    def test_bad_input_exits_2_with_one_line(self):
        code, err = exit_of(machine_speed.main, ["--seconds", "10", "--window", "10"])
        self.assertEqual(code, 2)
        self.assertTrue(err.strip().endswith(": --window and --procs at least 1, --seconds at least two windows"), err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
