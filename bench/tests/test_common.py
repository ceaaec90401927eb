"""The small helpers: lists of options, formatting, /proc's CPU counters."""
import os
import subprocess
import sys
import time
import unittest

from bench.common import core, cpu, fmt
from bench.tests.support import exit_of


class OptionListsTest(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(core.counts("1,8, 32", "--clients"), [1, 8, 32])
        self.assertEqual(exit_of(core.counts, "1,,x", "--clients")[0], 2)
        self.assertEqual(exit_of(core.counts, "", "--clients")[0], 2)

    def test_words(self):
        self.assertEqual(core.words("a, b", "--x", ("a", "b", "c")), ["a", "b"])
        code, err = exit_of(core.words, "a,z", "--x", ("a", "b"))
        self.assertEqual(code, 2)
        self.assertIn("--x takes a, b, not z", err)


class FmtTest(unittest.TestCase):
    def test_missing_figures_print_as_a_dash(self):
        self.assertEqual(fmt.fmt(None, ".1f"), "-")
        self.assertEqual(fmt.fmt(2.345, ".2f"), "2.35")
        self.assertEqual(fmt.times(1.0234), "1.02x")
        self.assertEqual(fmt.times(None), "-")

    def test_span_and_units(self):
        self.assertEqual(fmt.span([0.96, 0.81, 0.89]), "0.81-0.96")
        self.assertEqual(fmt.span([]), "-")
        self.assertEqual(fmt.mib(3 * 2 ** 20), "3 MiB")
        self.assertEqual(fmt.gib(str(2 ** 30)), "1Gi")
        self.assertEqual(fmt.gib("768Mi"), "768Mi")


class CpuTest(unittest.TestCase):
    def test_ticks_read_past_a_command_with_spaces_and_parentheses(self):
        line = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 170 30 0 0 20 0 12 0 100 0 0"
        self.assertEqual(cpu.ticks(line), 200)
        self.assertEqual(cpu.stat_fields(line)[1], "1")

    def test_at_interpolates_between_samples_and_is_none_outside(self):
        s = cpu.CpuSampler(0)
        s.samples = [(10.0, 1.0), (11.0, 2.0), (12.0, 4.0)]
        self.assertEqual(s.at(10.5), 1.5)
        self.assertEqual(s.at(11.5), 3.0)
        self.assertIsNone(s.at(9.0))
        self.assertIsNone(s.at(12.5))
        self.assertEqual(s.last(), 4.0)

    def test_a_busy_child_is_sampled_and_the_last_value_kept_after_it_ends(self):
        busy = "import time\nwhile time.process_time() < 0.4: pass"   # CPU time, however loaded the machine
        child = subprocess.Popen([sys.executable, "-c", busy])
        sampler = cpu.CpuSampler(child.pid, every=0.05, thread_prefix="python")
        sampler.start()
        child.wait()
        time.sleep(0.1)
        sampler.stop()
        self.assertGreater(sampler.last(), 0.2)
        self.assertGreater(sampler.thread_seconds, 0.2)
        self.assertGreater(len(sampler.samples), 3)

    def test_children_finds_a_childs_pid(self):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2)"])
        try:
            self.assertIn(child.pid, cpu.children(os.getpid()))
        finally:
            child.kill()
            child.wait()


if __name__ == "__main__":
    unittest.main()
