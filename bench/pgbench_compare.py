"""benchlab against pgbench on one PostgreSQL server: load time, tps, p99 and client CPU.

  python3 -m bench.pgbench_compare [--scale 40] [--duration 20] [--clients 1,8,32]
      [--profiles durable,relaxed] [--repeat 3] [--warmup 2] [--port 55433]
      [--services-dir /tmp/benchlab-bench-services] [--driver jdbc|vertx] [--tables benchlab|own]
  python3 -m bench.pgbench_compare --quick     # smoke test: scale 4, 5 s, clients 1 and 8, once

1. Starts a PostgreSQL of its own with .ci/services (state dir --services-dir, port --port), so
   the servers the tests use are never touched; stops it at the end however the bench ends.
2. Loads both data sets into the same database, each once, with the durable settings after a
   CHECKPOINT: pgbench -i -s SCALE -q (tables pgbench_*), then bin/runner init (accounts, ...).
3. For each profile of benchlab's PostgreSQL image (the settings in which its files
   images/postgres/<profile>.conf differ, set with ALTER SYSTEM and read back over TCP as bench)
   and each client count, --repeat alternated pairs of runs (bench.common.pairs):
     pgbench -n -M prepared -j 2 -c N -T D -l -s SCALE -f SCRIPT   (threads capped at N by pgbench)
     bin/lab run --engine postgres --distribution pgbench --clients N --duration Ds --driver DRIVER
   SCRIPT is pgbench's own tpcb-like transaction on benchlab's tables (--tables benchlab, the
   default; see bench/pgbench/sides.py for why), --tables own runs the builtin on pgbench's.
   benchlab records the profile it reads back (engine.profile); a mismatch is reported.
4. Prints each side's medians over the repeats: tps (the ratio of the medians, the lowest and
   highest ratio of single pairs beside it), p99 (pgbench's from its per-transaction logs,
   nearest rank), client CPU per transaction in the measured phase and in all, and the server's
   WAL flushes and records per transaction (pg_stat_wal, warm-up included). The fairness rules
   (warm-up, vacuum and checkpoint before each side) are bench/pgbench/local.py's.

The target is benchlab tps >= 1.00x pgbench in every cell; misses are marked. benchlab runs with
$BENCH_JVM_OPTS when set (else its launcher's), from the build in target/ (made with `make build`
first), or from DIR when $BENCHLAB_TARGET=DIR is set. Raw outputs and summary.json land in
bench/out/pgbench_compare/ (emptied at the start). Works as root. Exit 1 when a run failed.
"""
import argparse
import json
import os
import signal
import sys
import time

from .common.core import ROOT, bench_parser, build, die, out_dir
from .pgbench import local, report
from .pgbench.server import HOST, Server, profiles
from .pgbench.sides import TABLES, Setup, add_driver_option, add_tables_option, check_cells

TARGET = 1.00   # benchlab tps / pgbench tps


def parser(profile_names) -> argparse.ArgumentParser:
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--scale", type=int, default=40, help="TPC-B scale of both data sets (default 40)")
    p.add_argument("--duration", type=int, default=20, help="seconds per measured run (default 20)")
    p.add_argument("--clients", default="1,8,32", help="comma-separated client counts (default 1,8,32)")
    p.add_argument("--profiles", default=",".join(profile_names),
                   help=f"comma-separated, of images/postgres/: {', '.join(profile_names)} (default: all)")
    p.add_argument("--warmup", type=int, default=2, help="seconds of warm-up for either side (default 2)")
    p.add_argument("--port", type=int, default=55433, help="the bench server's port (default 55433)")
    p.add_argument("--services-dir", default="/tmp/benchlab-bench-services",
                   help="the bench server's state dir (default /tmp/benchlab-bench-services)")
    p.add_argument("--repeat", type=int, help="pairs of runs per cell, order alternating (default 3; --quick: 1)")
    p.add_argument("--quick", action="store_true", help="smoke test: scale 4, 5 s, clients 1 and 8, once")
    add_driver_option(p)
    add_tables_option(p)
    return p


def arguments(argv=None):
    """The options, checked: a bad one exits 2 with one line."""
    try:
        known = profiles()
    except ValueError as e:
        die(str(e))
    a = parser(known).parse_args(argv)
    if a.quick:
        a.scale, a.duration, a.clients = 4, 5, "1,8"
    check_cells(a, known)
    return a, known


def measure(a, server: Server, out) -> tuple[str, tuple[dict, dict], list[dict]]:
    """Starts the server, loads both sides, runs every cell; the server's version, the loads, the rows."""
    server.start()
    setup = Setup(out, a.scale, a.duration, a.warmup, a.driver, a.tables,
                  local.script_on_benchlab_tables(server, out) if a.tables == "benchlab" else None)
    version = server.as_bench("SHOW server_version")
    server.set_profile("durable")
    loads = local.load(server, setup)
    print(f"loaded: pgbench {loads[0]['seconds']:.2f} s, benchlab {loads[1]['seconds']:.2f} s")
    rows = []
    for profile in a.profiles:
        seen = server.set_profile(profile)
        print(f"profile {profile}: " + ", ".join(f"{k}={v}" for k, v in seen.items()) + " (read back as bench)")
        for n in a.clients:
            runs = local.run_cell(server, setup, profile, n, a.repeat)
            rows.append(report.judge({"profile": profile, "clients": n, "runs": runs,
                                      "pgbench": local.summary(runs["pgbench"]),
                                      "benchlab": local.summary(runs["benchlab"])}))
            print(f"  c{n} tps: " + ", ".join(f"{side} " + " ".join(
                f"{r['tps']:.1f}" if r["ok"] else "FAILED" for r in rs) for side, rs in runs.items()), flush=True)
    return version, loads, rows


def problems(rows: list[dict]) -> list[str]:
    """What makes the bench fail, each cell's marks set on the way."""
    found = []
    for row in rows:
        where, bl = f"{row['profile']} c{row['clients']}", row["benchlab"]
        row["mark"] = "  < target missed" if row["ratio"] is not None and row["ratio"] < TARGET else ""
        if bl.get("profile_read_back") not in (None, row["profile"]):
            row["mark"] += f"  benchlab recorded profile {bl['profile_read_back']}!"
            found.append(f"{where}: benchlab's result says engine.profile = {bl['profile_read_back']}")
        if bl.get("consistency_ok") is False:
            row["mark"] += "  check FAILED"
        found += [f"{where}: {side} failed: {row[side].get('why')}" for side in ("pgbench", "benchlab")
                  if not row[side]["ok"]]
    return found


def main(argv=None) -> int:
    a, known = arguments(argv)
    build()
    cells = len(a.profiles) * len(a.clients)
    estimate = 10 + a.scale * 0.6 + cells * a.repeat * (2 * (a.warmup + a.duration) + 5)
    print(f"pgbench vs benchlab on PostgreSQL: scale {a.scale}, {a.duration} s per run, warm-up {a.warmup} s "
          f"each side, clients {','.join(map(str, a.clients))}, profiles {','.join(a.profiles)}, {a.repeat} pair(s) "
          f"per cell, pgbench on {TABLES[a.tables]} (about {estimate / 60:.0f} min)")
    print(f"server: .ci/services, state dir {a.services_dir}, {HOST}:{a.port}; benchlab JVM options: "
          f"{os.environ.get('BENCH_JVM_OPTS') or 'bin/jvm-options + client.jvm-options of images/postgres'}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out, started = out_dir("pgbench_compare", fresh=True), time.monotonic()
    server = Server(a.services_dir, a.port, known)
    try:
        version, (load_pg, load_bl), rows = measure(a, server, out)
    except RuntimeError as e:
        die(str(e))
    finally:
        local.stop_current()
        server.stop()
    found = problems(rows)
    print(f"\nPostgreSQL {version}, scale {a.scale}, {a.duration} s per run, warm-up {a.warmup} s each side "
          f"(pgbench: an unmeasured run of its own); medians of {a.repeat} run(s) per side")
    report.tps_table(rows, profiles=True)
    print()
    report.cpu_table(rows, profiles=True, whole=True)
    lr = load_bl["seconds"] / load_pg["seconds"]
    print(f"\nload, scale {a.scale}: pgbench -i {load_pg['seconds']:.2f} s (wall {load_pg['wall_seconds']:.2f} s, "
          f"CPU {load_pg['cpu_seconds']:.2f} s), benchlab {load_bl['seconds']:.2f} s (wall {load_bl['wall_seconds']:.2f}"
          f" s, CPU {load_bl['cpu_seconds']:.2f} s): ratio benchlab/pgbench {lr:.2f}x")
    miss = report.missed(rows, TARGET)
    print(f"target benchlab tps >= {TARGET:.2f}x pgbench: "
          + (f"missed in {len(miss)} of {len(rows)}: {', '.join(miss)}" if miss else f"met in all {len(rows)}"))
    for msg in found:
        print(f"problem: {msg}")
    elapsed = time.monotonic() - started
    print(f"took {elapsed:.0f} s; raw outputs in {out.relative_to(ROOT)}/")
    (out / "summary.json").write_text(json.dumps({
        "server_version": version, "scale": a.scale, "duration_seconds": a.duration, "warmup_seconds": a.warmup,
        "repeat": a.repeat, "pgbench_tables": a.tables, "target_tps_ratio": TARGET,
        "load": {"pgbench": load_pg, "benchlab": load_bl, "ratio": lr}, "rows": rows, "problems": found,
        "elapsed_seconds": elapsed}, indent=2) + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
