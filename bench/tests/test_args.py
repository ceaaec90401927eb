"""The benches' options: defaults, --quick, and bad input refused with one line and exit 2."""
import os
import unittest
from unittest import mock

from bench import client_cpu, compare_calibration, k8s_pgbench, overhead, pgbench_compare, pod_skew, reproducibility
from bench.common.core import ROOT
from bench.tests.support import exit_of

SERVER = ["--engine", "e", "--jdbc-url", "jdbc:x://h/db", "--user", "u", "--password-file", "/p"]


class PgbenchCompareArgsTest(unittest.TestCase):
    def test_defaults_and_every_profile_of_the_image(self):
        a, known = pgbench_compare.arguments([])
        self.assertEqual((a.scale, a.duration, a.clients, a.repeat, a.warmup), (40, 20, [1, 8, 32], 3, 2))
        self.assertEqual(a.profiles, list(known))
        self.assertGreaterEqual(len(known), 2)
        self.assertEqual((a.driver, a.tables), ("vertx", "benchlab"))

    def test_quick_is_a_smoke_test(self):
        a, _ = pgbench_compare.arguments(["--quick"])
        self.assertEqual((a.scale, a.duration, a.clients, a.repeat), (4, 5, [1, 8], 1))
        a, _ = pgbench_compare.arguments(["--quick", "--repeat", "2"])
        self.assertEqual(a.repeat, 2)

    def test_bad_input_exits_2_with_one_line(self):
        for argv, says in ((["--clients", "1,x"], "--clients: not a list of numbers: 1,x"),
                           (["--clients", "0"], "--clients: give numbers of at least 1"),
                           (["--profiles", "fast"], "--profiles takes"),
                           (["--scale", "0"], "scale, duration and repeat at least 1"),
                           (["--services-dir", "/tmp/benchlab-services"], "is the test servers' state dir")):
            with mock.patch.dict(os.environ, {"BENCHLAB_SERVICES_DIR": "/tmp/benchlab-services"}):
                code, err = exit_of(pgbench_compare.arguments, argv)
            self.assertEqual(code, 2, argv)
            self.assertIn(says, err)
            self.assertEqual(len(err.strip().splitlines()), 1, err)

    def test_an_unknown_driver_is_refused_by_the_parser(self):
        code, _ = exit_of(pgbench_compare.arguments, ["--driver", "odbc"])
        self.assertEqual(code, 2)


class K8sPgbenchArgsTest(unittest.TestCase):
    def test_quick_and_defaults(self):
        with mock.patch("shutil.which", return_value="/usr/bin/kubectl"):
            a = k8s_pgbench.arguments(["--kubeconfig", "/k", "--quick"])
            self.assertEqual((a.scale, a.duration, a.clients, a.repeat, a.overhead_runs), (2, 5, [1, 8], 1, 1))
            a = k8s_pgbench.arguments(["--kubeconfig", "/k"])
            self.assertEqual((a.scale, a.duration, a.clients, a.repeat, a.overhead_runs), (10, 20, [1, 8, 32], 2, 3))
            self.assertEqual(a.namespace, "benchlab-bench")

    def test_no_kubeconfig_or_no_kubectl_exits_2(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            self.assertEqual(exit_of(k8s_pgbench.arguments, [])[0], 2)
        with mock.patch("shutil.which", return_value=None):
            code, err = exit_of(k8s_pgbench.arguments, ["--kubeconfig", "/k"])
        self.assertEqual(code, 2)
        self.assertIn("kubectl is not on PATH", err)

    def test_the_kubeconfig_comes_from_the_environment(self):
        with mock.patch.dict(os.environ, {"BENCHLAB_KUBE_KUBECONFIG": "/a", "KUBECONFIG": "/b"}), \
                mock.patch("shutil.which", return_value="/usr/bin/kubectl"):
            self.assertEqual(k8s_pgbench.arguments([]).kubeconfig, "/a")
        with mock.patch.dict(os.environ, {"KUBECONFIG": "/b"}, clear=True), \
                mock.patch("shutil.which", return_value="/usr/bin/kubectl"):
            self.assertEqual(k8s_pgbench.arguments([]).kubeconfig, "/b")


class OverheadArgsTest(unittest.TestCase):
    def test_each_feature_has_its_own_defaults(self):
        a = overhead.arguments(["influx", "--influx-url", "http://i:1"])
        self.assertEqual((a.feature, a.pairs, a.clients, a.engine, a.duration), ("influx", 6, "4", "hsqldb", "10s"))
        a = overhead.arguments(["sampler", *SERVER])
        self.assertEqual((a.feature, a.pairs, a.clients, a.scale, a.warmup), ("sampler", 10, "8", "8", "2s"))
        self.assertEqual(a.jdbc_url, "jdbc:x://h/db")

    def test_the_sampler_needs_a_server_and_a_pair_is_not_enough(self):
        self.assertEqual(exit_of(overhead.arguments, ["sampler", "--engine", "e"])[0], 2)
        self.assertEqual(exit_of(overhead.arguments, [])[0], 2)
        code, err = exit_of(overhead.arguments, ["sampler", *SERVER, "--pairs", "1"])
        self.assertEqual(code, 2)
        self.assertIn("--pairs at least 2", err)

    def test_influx_without_a_url_or_token_exits_2_before_running(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            a = overhead.arguments(["influx"])
            self.assertEqual(exit_of(overhead.influx, a)[0], 2)
            a = overhead.arguments(["influx", "--influx-url", "http://i:1"])
            code, err = exit_of(overhead.influx, a)
        self.assertEqual(code, 2)
        self.assertIn("INFLUX_TOKEN", err)


class OtherBenchesArgsTest(unittest.TestCase):
    def test_client_cpu_checks_its_lists(self):
        a = client_cpu.arguments(["--placements", "cluster", "--drivers", "vertx"])
        self.assertEqual((a.placements, a.drivers, a.warmup), (["cluster"], ["vertx"], 10))
        self.assertEqual(exit_of(client_cpu.arguments, ["--placements", "moon"])[0], 2)
        self.assertEqual(exit_of(client_cpu.arguments, ["--drivers", "jdbc,odbc"])[0], 2)

    def test_client_cpu_runs_each_bench_as_a_module(self):
        a = client_cpu.arguments(["--kubeconfig", "/k"])
        cmd = client_cpu.command(a, "cluster", "vertx")
        self.assertEqual(cmd[1:3], ["-m", "bench.k8s_pgbench"])
        self.assertIn("--overhead-runs", cmd)
        self.assertEqual(cmd[cmd.index("--driver") + 1], "vertx")
        self.assertEqual(cmd[-2:], ["--kubeconfig", "/k"])
        module = client_cpu.command(a, "same-box", "jdbc")[2]
        self.assertTrue((ROOT / f"{module.replace('.', '/')}.py").exists(), module)

    def test_client_cpu_puts_sysbench_beside_benchlab_on_its_tables(self):
        a = client_cpu.arguments(["--placements", "sysbench", "--drivers", "jdbc"])
        cmd = client_cpu.command(a, "sysbench", "jdbc")
        self.assertEqual(cmd[1:3], ["-m", "bench.sysbench_compare"])
        self.assertNotIn("--tables", cmd)   # sysbench_compare has no such option
        self.assertEqual(cmd[cmd.index("--profiles") + 1], "durable")
        self.assertIn("--tables", client_cpu.command(a, "same-box", "jdbc"))
        summary = {"rows": [{"clients": 8, "sysbench": {"cpu_us_per_tx": 170, "tps": 2000},
                             "benchlab": {"cpu_us_per_tx": 340, "tps": 1500}}]}
        self.assertEqual(client_cpu.rows("sysbench", "jdbc", summary), [
            {"placement": "sysbench", "driver": "jdbc", "clients": 8, "peer": "sysbench", "peer_us": 170,
             "benchlab_us": 340, "peer_tps": 2000, "benchlab_tps": 1500}])

    def test_reproducibility_needs_two_runs(self):
        self.assertEqual(reproducibility.arguments([]).runs, 5)
        self.assertEqual(exit_of(reproducibility.arguments, ["--runs", "1"])[0], 2)

    def test_compare_calibration_refuses_a_slowdown_without_a_limit_and_unknown_engines(self):
        self.assertEqual(exit_of(compare_calibration.arguments, ["--cpus", "0", "--reuse"])[0], 2)
        code, err = exit_of(compare_calibration.arguments, ["--engines", "nope", "--reuse"])
        self.assertEqual(code, 2)
        self.assertIn("--engines takes", err)

    def test_compare_calibration_takes_seconds_or_auto_for_the_warm_up(self):
        self.assertEqual(compare_calibration.arguments(["--reuse"]).warmup, "5")
        self.assertEqual(compare_calibration.arguments(["--warmup", "auto", "--reuse"]).warmup, "auto")
        code, err = exit_of(compare_calibration.arguments, ["--warmup", "5s", "--reuse"])
        self.assertEqual(code, 2)
        self.assertIn("--warmup takes seconds or auto", err)

    def test_pod_skew_needs_a_server(self):
        self.assertEqual(exit_of(pod_skew.main, ["--runs", "3"])[0], 2)


if __name__ == "__main__":
    unittest.main()
