"""How reproducible a benchlab run is: the tps coefficient of variation over identical runs, beside pgbench's.

  python3 -m bench.reproducibility [--runs 5] [--clients 8] [--duration 10] [--warmup 2] [--scale 10]
      [--profile durable] [--seed 7] [--port 55434] [--services-dir /tmp/benchlab-repro-services] [--no-build]

On one PostgreSQL server of its own (.ci/services, as bench.pgbench_compare starts it, with its
--port and --services-dir so the test servers are never touched), both data sets loaded once, the
bench runs --runs identical pairs: pgbench -n -M prepared -j 2 -c N -T D --random-seed SEED (after a
warm-up run of --warmup s) and bin/lab run --engine postgres --backend external --distribution
pgbench --clients N --duration Ds --warmup Ws --seed SEED. Each side's tables are vacuumed and a
checkpoint taken before its run, and the side that goes first alternates, so that drift on the
machine (neighbours, the disk) falls on both alike: bench/pgbench/local.py, as pgbench_compare
runs them. Both sides get one seed for all their runs: identical runs, as lab rerun makes them.

It prints each run's tps and, per side, the mean, the standard deviation and the coefficient of
variation (sd / mean), then benchlab's CV over pgbench's. Raw outputs and summary.json land in
bench/out/reproducibility/ (emptied at the start). Works as root.
"""
import json
import signal
import sys
import time

from .common.core import bench_parser, build, die, out_dir
from .common.stats import spread
from .pgbench import local
from .pgbench.server import HOST, Server, is_test_servers, profiles
from .pgbench.sides import Setup


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--runs", type=int, default=5, help="identical runs per side (default 5)")
    p.add_argument("--clients", type=int, default=8, help="clients (default 8)")
    p.add_argument("--duration", type=int, default=10, help="seconds per measured run (default 10)")
    p.add_argument("--warmup", type=int, default=2, help="seconds of warm-up for either side (default 2)")
    p.add_argument("--scale", type=int, default=10, help="TPC-B scale of both data sets (default 10)")
    p.add_argument("--profile", default="durable", help="the PostgreSQL image's profile to set (default durable)")
    p.add_argument("--seed", type=int, default=7, help="the seed of every run of both sides (default 7)")
    p.add_argument("--port", type=int, default=55434, help="the server's port (default 55434)")
    p.add_argument("--services-dir", default="/tmp/benchlab-repro-services", help="the server's state dir")
    p.add_argument("--no-build", action="store_true", help="use the build in target/ as it is, without make build")
    a = p.parse_args(argv)
    if min(a.runs - 1, a.clients, a.duration, a.scale) < 1 or a.warmup < 0:
        die("--runs at least 2; clients, duration and scale at least 1", 2)
    if is_test_servers(a.services_dir):
        die(f"--services-dir {a.services_dir} is the test servers' state dir; use another", 2)
    return a


def main(argv=None) -> int:
    a = arguments(argv)
    known = profiles()
    if a.profile not in known:
        die(f"--profile is one of {', '.join(known)}", 2)
    build(skip=a.no_build)
    print(f"reproducibility on PostgreSQL ({a.profile}): {a.runs} identical runs per side, {a.clients} clients, "
          f"{a.duration} s (warm-up {a.warmup} s), scale {a.scale}, seed {a.seed}; server {HOST}:{a.port}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out, started = out_dir("reproducibility", fresh=True), time.monotonic()
    server = Server(a.services_dir, a.port, known)
    setup = Setup(out, a.scale, a.duration, a.warmup, tables="own", seed=a.seed)   # pgbench's builtin on its tables
    try:
        server.start()
        server.set_profile("durable")
        local.load(server, setup)
        server.set_profile(a.profile)
        runs = local.run_cell(server, setup, a.profile, a.clients, a.runs)
    except RuntimeError as e:
        die(str(e))
    finally:
        local.stop_current()
        server.stop()
    failed = [(side, r["why"]) for side, rs in runs.items() for r in rs if not r["ok"]]
    for side, why in failed:
        print(f"{side}: a run failed: {why}")
    summary = {"args": vars(a), "runs": runs, "sides": {}}
    print(f"{'side':<10} {'tps of each run':<52} {'mean':>9} {'sd':>8} {'CV':>7}")
    for side, rs in runs.items():
        tps = [r["tps"] for r in rs if r["ok"]]
        mean, sd, cv = spread(tps)
        summary["sides"][side] = {"tps": tps, "mean": mean, "sd": sd, "cv": cv}
        print(f"{side:<10} {' '.join(f'{t:.1f}' for t in tps):<52} {mean:>9.1f} {sd:>8.1f} {100 * cv:>6.1f}%")
    pgbench_cv = summary["sides"]["pgbench"]["cv"]
    summary["cv_ratio"] = summary["sides"]["benchlab"]["cv"] / pgbench_cv if pgbench_cv else float("nan")
    print(f"benchlab CV / pgbench CV: {summary['cv_ratio']:.2f} (in {time.monotonic() - started:.0f} s)")
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
