"""benchlab against pgbench on PostgreSQL: the server of a bench's own, both clients, their tables.

Shared by bench.pgbench_compare, bench.reproducibility, bench.compare_calibration (the server)
and bench.k8s_pgbench (the tables). Engine-specific by purpose: EngineDescriptorsTest lists
these files and checks that they read the descriptor, never copy it.
"""
