"""The lab's own benchmarks: figures and ratios that no test asserts (see bench/README.md).

Each bench is a module run from the checkout's root as `python3 -m bench.<name> --help`; the code
they share is in bench.common (and, for PostgreSQL against pgbench, bench.pgbench).
"""
