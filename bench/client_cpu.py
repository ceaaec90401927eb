"""The client's CPU per committed transaction, benchlab beside pgbench (same box, cluster) and sysbench.

  python3 -m bench.client_cpu [--clients 1,8,32] [--scale 10] [--duration 15] [--repeat 3] [--warmup 10]
      [--placements same-box,cluster,sysbench] [--drivers jdbc,vertx] [--kubeconfig FILE] [--tables benchlab|own]

What decides how hard a client drives a database from a node of its own is what it spends per
transaction. This bench runs the side-by-side benches and puts their client CPU figures in
one table, once for each of benchlab's --drivers (each against pairs of its own with the peer):
- same box: python3 -m bench.pgbench_compare --profiles durable (a PostgreSQL of its own, client
  and server sharing the machine's cores);
- cluster: python3 -m bench.k8s_pgbench --overhead-runs 0 (both clients as Jobs under the same CPU
  limit on the client node, PostgreSQL in a pod on the db node, the lab's durable image);
- sysbench (only when named in --placements): python3 -m bench.sysbench_compare --profiles durable
  (sysbench 1.0 running benchlab's transaction on the same box, a server of its own).
The pgbench placements use the pgbench distribution, prepared statements, explicit transactions,
and (--tables benchlab, the default) the same rows; sysbench runs benchlab's own transaction on
benchlab's tables. Medians of --repeat pairs, the side that goes first alternating. The
kubeconfig is --kubeconfig, else $BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG.
Each bench's own output streams as it runs; the table and bench/out/client_cpu/summary.json come
at the end. Exit 1 when a bench failed.
"""
import json
import subprocess
import sys

from .common import results
from .common.core import ROOT, bench_parser, out_dir, words
from .common.fmt import fmt
from .common.services import kubeconfig
from .common.stats import ratio
from .pgbench.sides import add_tables_option

# placement: (bench module, the native client it puts benchlab beside, its own options)
BENCHES = {
    "same-box": ("pgbench_compare", "pgbench", ["--profiles", "durable"]),
    "cluster": ("k8s_pgbench", "pgbench", ["--overhead-runs", "0"]),
    "sysbench": ("sysbench_compare", "sysbench", ["--profiles", "durable"]),
}


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--clients", default="1,8,32", help="comma-separated client counts (default 1,8,32)")
    p.add_argument("--scale", type=int, default=10, help="TPC-B scale (default 10)")
    p.add_argument("--duration", type=int, default=15, help="seconds per measured run (default 15)")
    p.add_argument("--repeat", type=int, default=3, help="pairs of runs per cell (default 3)")
    p.add_argument("--warmup", type=int, default=10,
                   help="seconds of warm-up for either side (default 10; a JVM client needs that long)")
    p.add_argument("--placements", default="same-box,cluster",
                   help="of same-box, cluster, sysbench (default same-box,cluster)")
    p.add_argument("--kubeconfig", help="the cluster's kubeconfig (default $BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG)")
    add_tables_option(p)
    p.add_argument("--drivers", default="jdbc,vertx", help="benchlab's --driver, each against the peer (default jdbc,vertx)")
    a = p.parse_args(argv)
    a.placements = words(a.placements, "--placements", BENCHES)
    a.drivers = words(a.drivers, "--drivers", ("jdbc", "vertx"))
    a.kubeconfig = kubeconfig(a.kubeconfig)
    return a


def command(a, placement: str, driver: str) -> list[str]:
    """The bench a placement runs, with this bench's options."""
    name, peer, extra = BENCHES[placement]
    tables = ["--tables", a.tables] if peer == "pgbench" else []   # sysbench runs on benchlab's tables only
    cmd = [sys.executable, "-m", f"bench.{name}", "--clients", a.clients, "--scale", str(a.scale), "--duration",
           str(a.duration), "--repeat", str(a.repeat), "--warmup", str(a.warmup), "--driver", driver, *tables, *extra]
    if placement == "cluster" and a.kubeconfig:
        cmd += ["--kubeconfig", a.kubeconfig]
    return cmd


def rows(placement: str, driver: str, summary: dict) -> list[dict]:
    """The client CPU and tps of each client count of a bench's summary.json, the native peer's beside benchlab's."""
    peer = BENCHES[placement][1]
    return [{"placement": placement, "driver": driver, "clients": r["clients"], "peer": peer,
             "peer_us": (r.get(peer) or {}).get("cpu_us_per_tx"),
             "benchlab_us": (r.get("benchlab") or {}).get("cpu_us_per_tx"),
             "peer_tps": (r.get(peer) or {}).get("tps"),
             "benchlab_tps": (r.get("benchlab") or {}).get("tps")} for r in summary.get("rows") or []]


def run(a, placement: str, driver: str) -> tuple[int, list[dict]]:
    cmd = command(a, placement, driver)
    print(f"client_cpu: {placement}: {' '.join(cmd[2:])}", flush=True)
    summary = out_dir(BENCHES[placement][0]) / "summary.json"
    summary.unlink(missing_ok=True)
    rc = subprocess.run(cmd, cwd=ROOT).returncode
    return rc, rows(placement, driver, results.read(summary)) if summary.exists() else []


def main(argv=None) -> int:
    a = arguments(argv)
    found, failed = [], []
    for placement in a.placements:
        for driver in a.drivers:
            rc, more = run(a, placement, driver)
            found += more
            if rc != 0:
                failed.append(f"{placement} {driver} (exit {rc})")
    print("\nclient CPU per committed transaction, measured phase, medians of "
          f"{a.repeat} run(s) a side (scale {a.scale}, {a.duration} s runs)")
    print(f"{'placement':>10}{'driver':>7}{'clients':>8}{'peer':>10}{'peer us':>9}{'benchlab us':>13}{'ratio':>7}"
          f"{'tps ratio':>11}")
    for r in found:
        r.update(cpu_ratio=ratio(r["benchlab_us"], r["peer_us"]), tps_ratio=ratio(r["benchlab_tps"], r["peer_tps"]))
        print(f"{r['placement']:>10}{r['driver']:>7}{r['clients']:>8}{r['peer']:>10}{fmt(r['peer_us'], '.0f'):>9}"
              f"{fmt(r['benchlab_us'], '.0f'):>13}{fmt(r['cpu_ratio'], '.2f'):>7}{fmt(r['tps_ratio'], '.2f'):>11}")
    (out_dir("client_cpu") / "summary.json").write_text(json.dumps(
        {"scale": a.scale, "duration_seconds": a.duration, "repeat": a.repeat, "pgbench_tables": a.tables,
         "rows": found, "failed": failed}, indent=2) + "\n")
    if failed:
        print(f"client_cpu: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
