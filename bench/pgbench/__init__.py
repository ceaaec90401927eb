"""benchlab against pgbench on PostgreSQL: both clients, their tables, a server of a bench's own.

Shared by bench.pgbench_compare, bench.reproducibility and bench.compare_calibration (the server,
the same-box runs: server.py, local.py) and bench.k8s_pgbench (the lab's objects, the cluster
runs: objects.py, cluster.py); sides.py and report.py serve both. The files that name the engine
are engine-specific by purpose: EngineDescriptorsTest lists them and checks that they read the
descriptor or the lab's objects, never a copy.
"""
