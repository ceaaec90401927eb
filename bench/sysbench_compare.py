"""benchlab against sysbench on one MariaDB server, the same TPC-B transaction: tps and client CPU.

  python3 -m bench.sysbench_compare [--scale 10] [--duration 20] [--warmup 10] [--clients 1,8,32]
      [--profiles durable,relaxed] [--repeat 3] [--port 53307]
      [--services-dir /tmp/benchlab-bench-mariadb] [--driver vertx|jdbc]
  python3 -m bench.sysbench_compare --quick     # smoke test: scale 4, 5 s, 2 s warm-up, clients 1 and 8, once

1. Starts a MariaDB of its own with .ci/services (state dir --services-dir, port --port), so the
   servers the tests use are never touched; stops it at the end however the bench ends.
2. Loads benchlab's tables once (bin/runner init --scale SCALE); both clients run on them.
3. For each profile of benchlab's MariaDB image (the settings in which its files
   images/mariadb/<profile>.cnf differ, set with SET GLOBAL and read back as bench) and each
   client count, --repeat alternated pairs of runs (bench.common.pairs):
     sysbench bench/sysbench/tpcb.lua --threads N --time W+D --report-checkpoints W run
     bin/lab run --engine mariadb --clients N --duration Ds --warmup Ws --driver DRIVER
   tpcb.lua is benchlab's transaction (statements, order, random choices, prepared statements,
   explicit transactions, the server's isolation, the same tries on deadlocks); see its header.
   --driver goes to benchlab as it is given: benchlab says which drivers it takes (exit 2).
4. Prints each side's medians over the repeats: tps (the ratio of the medians, the lowest and
   highest ratio of single pairs beside it), p99, the client's CPU per committed transaction in
   the measured phase, the retries in it, and whether the history rows added during each run
   equal the transactions it committed (warm-up included). Fairness: bench/sysbench/local.py.

The target is benchlab tps >= 0.95x sysbench's (issue 31); misses are marked. benchlab runs with
$BENCH_JVM_OPTS when set (else its launcher's), from the build in target/ (made with `make build`
first), or from DIR when $BENCHLAB_TARGET=DIR is set. Raw outputs and summary.json land in
bench/out/sysbench_compare/ (emptied at the start). Needs root (.ci/services). Exit 1 when a run
failed or a check did not hold, 2 on bad input or without sysbench.
"""
import json
import os
import signal
import sys
import time

from .common.core import ROOT, bench_parser, build, die, out_dir
from .common.fmt import fmt, span, times
from .common.pairs import ratios
from .common.stats import ratio
from .pgbench import report
from .pgbench.sides import Setup, check_cells
from .sysbench import local
from .sysbench.server import HOST, Server, profiles

TARGET = 0.95   # benchlab tps / sysbench tps


def parser(profile_names):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--scale", type=int, default=10, help="TPC-B scale of benchlab's tables (default 10)")
    p.add_argument("--duration", type=int, default=20, help="seconds per measured run (default 20)")
    p.add_argument("--warmup", type=int, default=10, help="seconds of warm-up for either side (default 10)")
    p.add_argument("--clients", default="1,8,32", help="comma-separated client counts (default 1,8,32)")
    p.add_argument("--profiles", default=",".join(profile_names),
                   help=f"comma-separated, of images/mariadb/: {', '.join(profile_names)} (default: all)")
    p.add_argument("--repeat", type=int, help="pairs of runs per cell, order alternating (default 3; --quick: 1)")
    p.add_argument("--port", type=int, default=53307, help="the bench server's port (default 53307)")
    p.add_argument("--services-dir", default="/tmp/benchlab-bench-mariadb",
                   help="the bench server's state dir (default /tmp/benchlab-bench-mariadb)")
    p.add_argument("--driver", default="vertx",
                   help="benchlab's --driver, passed as it is (default vertx, as the runner's on MariaDB)")
    p.add_argument("--quick", action="store_true", help="smoke test: scale 4, 5 s, 2 s warm-up, clients 1 and 8, once")
    return p


def arguments(argv=None):
    """The options, checked: a bad one exits 2 with one line."""
    try:
        known = profiles()
    except ValueError as e:
        die(str(e))
    a = parser(known).parse_args(argv)
    if a.quick:
        a.scale, a.duration, a.warmup, a.clients = 4, 5, 2, "1,8"
    check_cells(a, known)
    if not 1024 <= a.port <= 65533:
        die(f"--port {a.port}: give a port from 1024 to 65533 (the next two are named to .ci/services for its other servers)", 2)
    if not local.installed():
        die(local.INSTALL, 2)
    return a, known


def judge(row: dict) -> dict:
    """The cell's tps ratio of the medians and of each pair, and its marks."""
    sb, bl = row["sysbench"], row["benchlab"]
    row["ratio"] = ratio(bl.get("tps"), sb.get("tps"))
    row["pair_ratios"] = ratios(row["runs"]["sysbench"], row["runs"]["benchlab"])
    row["cpu_ratio"] = ratio(bl.get("cpu_us_per_tx"), sb.get("cpu_us_per_tx"))
    row["mark"] = "  < target missed" if row["ratio"] is not None and row["ratio"] < TARGET else ""
    if bl.get("profile_read_back") not in (None, row["profile"]):
        row["mark"] += f"  benchlab recorded profile {bl['profile_read_back']}!"
    for side in ("sysbench", "benchlab"):
        if not row[side]["consistency_ok"]:
            row["mark"] += f"  {side} check FAILED"
    return row


def problems(rows: list[dict]) -> list[str]:
    """What makes the bench fail: a failed run, a check that did not hold, a profile not read back."""
    found = []
    for row in rows:
        where = f"{row['profile']} c{row['clients']}"
        for side in ("sysbench", "benchlab"):
            if not row[side]["ok"]:
                found.append(f"{where}: {side} failed: {row[side].get('why')}")
            if not row[side]["consistency_ok"]:
                found.append(f"{where}: {side}: committed transactions are not the history rows added")
        if row["benchlab"].get("profile_read_back") not in (None, row["profile"]):
            found.append(f"{where}: benchlab's result says engine.profile = {row['benchlab']['profile_read_back']}")
    return found


def table(rows: list[dict]) -> None:
    print(f"{'profile':9}{'clients':>8}{'sysbench tps':>14}{'benchlab tps':>14}{'ratio':>8}{'pairs':>12}"
          f"{'p99 ms sb/bl':>15}{'CPU us/tx sb/bl':>17}{'ratio':>7}{'retried sb/bl':>15}")
    for row in rows:
        sb, bl = row["sysbench"], row["benchlab"]
        print(f"{row['profile']:9}{row['clients']:>8}{fmt(sb.get('tps'), '.1f'):>14}{fmt(bl.get('tps'), '.1f'):>14}"
              f"{times(row['ratio']):>8}{span(row['pair_ratios']):>12}"
              f"{fmt(sb.get('p99_ms'), '.1f') + '/' + fmt(bl.get('p99_ms'), '.1f'):>15}"
              f"{fmt(sb.get('cpu_us_per_tx'), '.0f') + '/' + fmt(bl.get('cpu_us_per_tx'), '.0f'):>17}"
              f"{times(row['cpu_ratio']):>7}{fmt(sb.get('retried'), '.0f') + '/' + fmt(bl.get('retried'), '.0f'):>15}"
              f"{row['mark']}")


def measure(a, server: Server, out) -> tuple[str, dict, list[dict]]:
    """Starts the server, loads benchlab's tables, runs every cell; the server's version, the load, the rows."""
    server.start()
    setup = Setup(out, a.scale, a.duration, a.warmup, a.driver, script=local.SCRIPT)
    version = server.as_bench("SELECT VERSION()")
    loaded = local.load(server, setup)
    print(f"loaded scale {a.scale} with bin/runner init in {loaded['wall_seconds']:.1f} s")
    rows = []
    for profile in a.profiles:
        seen = server.set_profile(profile)
        print(f"profile {profile}: " + ", ".join(f"{k}={v}" for k, v in seen.items()) + " (read back as bench)")
        for n in a.clients:
            runs = local.run_cell(server, setup, profile, n, a.repeat)
            rows.append(judge({"profile": profile, "clients": n, "runs": runs,
                               "sysbench": local.summary(runs["sysbench"]),
                               "benchlab": local.summary(runs["benchlab"])}))
            print(f"  c{n} tps: " + ", ".join(f"{side} " + " ".join(
                f"{r['tps']:.1f}" if r["ok"] else "FAILED" for r in rs) for side, rs in runs.items())
                + f"  (load average {os.getloadavg()[0]:.1f})", flush=True)
    return version, loaded, rows


def main(argv=None) -> int:
    a, known = arguments(argv)
    build()
    cells = len(a.profiles) * len(a.clients)
    estimate = 20 + a.scale * 2 + cells * a.repeat * (2 * (a.warmup + a.duration) + 8)
    print(f"sysbench vs benchlab on MariaDB: scale {a.scale}, {a.duration} s per run after {a.warmup} s of warm-up "
          f"each side, clients {','.join(map(str, a.clients))}, profiles {','.join(a.profiles)}, {a.repeat} pair(s) "
          f"per cell, benchlab --driver {a.driver} (about {estimate / 60:.0f} min)")
    print(f"server: .ci/services, state dir {a.services_dir}, {HOST}:{a.port}; benchlab JVM options: "
          f"{os.environ.get('BENCH_JVM_OPTS') or 'bin/jvm-options'}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out, started, load0 = out_dir("sysbench_compare", fresh=True), time.monotonic(), os.getloadavg()
    server = Server(a.services_dir, a.port, known)
    try:
        version, loaded, rows = measure(a, server, out)
    except local.BadInput as e:
        die(str(e), 2)
    except RuntimeError as e:
        die(str(e))
    finally:
        local.stop_current()
        server.stop()
    found = problems(rows)
    load1 = os.getloadavg()
    print(f"\nMariaDB {version}, scale {a.scale}, {a.duration} s per run after {a.warmup} s of warm-up each side; "
          f"medians of {a.repeat} run(s) per side; client CPU in the measured phase; load average "
          f"{load0[0]:.1f} at the start, {load1[0]:.1f} at the end ({load1[2]:.1f} over 15 min), {os.cpu_count()} CPUs")
    table(rows)
    miss = report.missed(rows, TARGET)
    print(f"target benchlab tps >= {TARGET:.2f}x sysbench: "
          + (f"missed in {len(miss)} of {len(rows)}: {', '.join(miss)}" if miss else f"met in all {len(rows)}"))
    for msg in found:
        print(f"problem: {msg}")
    elapsed = time.monotonic() - started
    print(f"took {elapsed:.0f} s; raw outputs in {out.relative_to(ROOT)}/")
    (out / "summary.json").write_text(json.dumps({
        "server_version": version, "scale": a.scale, "duration_seconds": a.duration, "warmup_seconds": a.warmup,
        "repeat": a.repeat, "driver": a.driver, "target_tps_ratio": TARGET, "load": loaded,
        "load_average": {"start": load0, "end": load1}, "rows": rows, "problems": found,
        "elapsed_seconds": elapsed}, indent=2) + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
