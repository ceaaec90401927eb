import os
import unittest
from unittest import mock

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

    def test_a_row_from_a_kubernetes_claim_names_its_class(self):
        r = sample(tps=900.0)
        r["placement"]["backend"] = "kubernetes"
        r["placement"]["database"]["storage"] = {"kind": "pvc", "filesystem": "ext4", "storage_class": "local-path",
                                                 "provisioner": "rancher.io/local-path",
                                                 "flush": {"writes": 500, "p50_ms": 0.18, "p99_ms": 3.98}}
        r["warnings"] = []
        row = storage.row(ENGINES[0], "pvc", 1, r)
        self.assertEqual((row["backend"], row["storage_class"], row["flush_p99_ms"]), ("kubernetes", "local-path", 3.98))
        self.assertFalse(row["durability_warning"])
        line = storage.table([row])[1]
        self.assertEqual(line.split()[1:4], ["pvc:local-path", "ext4", "1"])
        self.assertTrue(line.endswith("ok"))

    def test_bad_input_is_one_line_and_exit_2(self):
        code, err = exit_of(storage.arguments, ["--storage", "pvc"])
        self.assertEqual(code, 2)
        self.assertIn("--storage (--backend docker) takes container, volume, tmpfs, not pvc", err)
        code, err = exit_of(storage.arguments, ["--engines", "oracle"])
        self.assertEqual(code, 2)
        self.assertIn(", ".join(ENGINES), err)
        code, err = exit_of(storage.arguments, ["--backend", "nomad"])
        self.assertEqual(code, 2)
        self.assertIn("invalid choice: 'nomad'", err)

    def test_each_backend_takes_its_own_kinds_only(self):
        code, err = exit_of(storage.arguments, ["--backend", "kubernetes", "--kubeconfig", "k", "--storage", "tmpfs"])
        self.assertEqual(code, 2)
        self.assertIn("--storage (--backend kubernetes) takes ephemeral, memory, pvc, not tmpfs", err)
        code, err = exit_of(storage.arguments, ["--storage", "volume,memory"])
        self.assertEqual(code, 2)
        self.assertIn("not memory", err)
        a = storage.arguments(["--backend", "kubernetes", "--kubeconfig", "k", "--storage", "memory,pvc"])
        self.assertEqual(a.storage, ["memory", "pvc"])

    def test_the_default_kinds_are_the_backends(self):
        self.assertEqual(storage.arguments([]).storage, ["container", "volume", "tmpfs"])
        a = storage.arguments(["--backend", "kubernetes", "--kubeconfig", "k"])
        self.assertEqual(a.storage, ["ephemeral", "memory", "pvc"])
        self.assertEqual(storage.target(a), ["--backend", "kubernetes", "--kubeconfig", "k", "-n", "benchlab-bench"])
        self.assertEqual(storage.target(storage.arguments([])), ["--backend", "docker"])

    def test_kubernetes_needs_a_kubeconfig_and_takes_no_write_cap(self):
        with mock.patch.dict(os.environ, clear=True):
            code, err = exit_of(storage.arguments, ["--backend", "kubernetes"])
        self.assertEqual(code, 2)
        self.assertIn("no kubeconfig", err)
        code, err = exit_of(storage.arguments, ["--backend", "kubernetes", "--kubeconfig", "k", "--write-iops", "20"])
        self.assertEqual(code, 2)
        self.assertIn("--write-iops applies to --backend docker, not kubernetes", err)
        self.assertEqual(storage.arguments(["--write-iops", "20"]).write_iops, 20)

    def test_the_engines_are_the_descriptors_folders(self):
        self.assertGreater(len(ENGINES), 1)
        self.assertEqual(ENGINES, sorted(ENGINES))
        for e in ENGINES:
            self.assertIn("versions", descriptors.descriptor(e))
