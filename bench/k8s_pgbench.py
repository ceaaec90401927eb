"""benchlab against pgbench on Kubernetes: one PostgreSQL pod, both clients as Jobs on the client node.

  python3 -m bench.k8s_pgbench [--scale 10] [--duration 20] [--clients 1,8,32] [--repeat 2]
      [--warmup 2] [--overhead-runs 3] [--kubeconfig FILE] [--namespace benchlab-bench]
      [--driver jdbc|vertx] [--profiler .../libasyncProfiler.so] [--tables benchlab|own]
  python3 -m bench.k8s_pgbench --quick   # smoke test: scale 2, 5 s, clients 1 and 8, once, 1 overhead run

The kubeconfig is --kubeconfig, else $BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG. Needs the lab
built (bin/lab) and kubectl on PATH.

1. The objects are the lab's: `bin/lab run --backend kubernetes --engine postgres --profile durable
   --distribution pgbench ... --server-stats off --driver DRIVER --namespace NS --dry-run` (no
   server-side sampler, which pgbench has not either, and so no runner account, which NS need not
   have), labelled benchlab.io/bench=k8s-pgbench; bench/pgbench/objects.py says how both clients'
   Jobs are made from its runner Job. Everything carries the lab's run id and goes however the
   bench ends (not kill -9: then `bin/lab clean -n NS --run-id ID`).
2. Loads both data sets once, each as such a Job, after a CHECKPOINT: `pgbench -i -s S -q` and
   `runner init` with the lab's target options.
3. For each client count N, --repeat alternated pairs of runs:
     pgbench -n -M prepared -j 2 -c N -T D -l -s S -f SCRIPT   (threads capped at N by pgbench)
     runner run ... --result-frame               (the lab's arguments: no --init, it finds its data)
   with pgbench's tpcb-like transaction on benchlab's tables (--tables benchlab, the default) or
   the builtin on its own (--tables own). pgbench's figures: its tps, the p99 of its
   per-transaction log and its CPU per transaction (its shell's children counters around the
   measured run); benchlab's: the result `bin/lab result-frame` finds in `kubectl logs`.
4. Prints each side's medians over the repeats (tps, the ratio of the medians and of single pairs,
   p99, client CPU per transaction); writes bench/out/k8s_pgbench/summary.json, every Job's log
   beside it (the directory is emptied first).
5. Then, with that database gone, --overhead-runs times `bin/lab run --backend kubernetes --engine
   postgres --clients 8 --duration 10s --warmup 2s` (same namespace): the wall time outside warm-up
   and measured seconds is the lab's overhead, goal <= 30 s, split by the lab's progress lines.

All the "nodes" of .ci/kube are one 2-core VM, shared with the control plane and other sessions'
pods: summary.json records the other pods running before each run and the host's 1-minute load
before and after it.
"""
import json
import shutil
import signal
import sys
from datetime import datetime

from .common.core import ROOT, bench_parser, build, counts, die, out_dir
from .common.fmt import fmt, gib
from .common.kube import Kube, container
from .common.services import kubeconfig
from .common.stats import median
from .pgbench import cluster, lab_overhead, objects, report
from .pgbench.sides import Setup, add_driver_option, add_tables_option, summarize

KEYS = ("tps", "p99_ms", "cpu_us_per_tx")


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--scale", type=int, default=10, help="TPC-B scale of both data sets (default 10)")
    p.add_argument("--duration", type=int, default=20, help="seconds per measured run (default 20)")
    p.add_argument("--clients", default="1,8,32", help="comma-separated client counts (default 1,8,32)")
    p.add_argument("--warmup", type=int, default=2, help="seconds of warm-up for either side (default 2)")
    p.add_argument("--repeat", type=int, help="pairs of runs per client count, order alternating (default 2; --quick: 1)")
    p.add_argument("--overhead-runs", type=int, help="lab runs to time for its overhead (default 3; --quick: 1; 0: none)")
    p.add_argument("--kubeconfig", default=kubeconfig())
    p.add_argument("-n", "--namespace", default="benchlab-bench")
    p.add_argument("--quick", action="store_true", help="smoke test: scale 2, 5 s, clients 1 and 8, once")
    add_driver_option(p)
    add_tables_option(p)
    p.add_argument("--profiler", help="libasyncProfiler.so (Maven Central tools.profiler:async-profiler, linux-x64)"
                   " on this machine: profile every benchlab run into bench/out/k8s_pgbench/profiles/; for nodes that"
                   " share this machine's file system, as .ci/kube's")
    a = p.parse_args(argv)
    if a.quick:
        a.scale, a.duration, a.clients = 2, 5, "1,8"
    a.repeat = a.repeat if a.repeat is not None else 1 if a.quick else 2
    a.overhead_runs = a.overhead_runs if a.overhead_runs is not None else 1 if a.quick else 3
    a.clients = counts(a.clients, "--clients")
    if a.scale < 1 or a.duration < 1 or a.warmup < 0 or a.repeat < 1 or a.overhead_runs < 0:
        die("scale, duration and repeat at least 1, warm-up and overhead runs at least 0", 2)
    if not a.kubeconfig:
        die("no kubeconfig: give --kubeconfig or set BENCHLAB_KUBE_KUBECONFIG", 2)
    if shutil.which("kubectl") is None:
        die("kubectl is not on PATH", 2)
    return a


def measure(a, kube: Kube, out) -> dict:
    """The database, both loads and every pair; the lab's objects removed however it ends."""
    summary = {"started": datetime.now().astimezone().isoformat(timespec="seconds"),
               "args": {k: v for k, v in vars(a).items() if k != "kubeconfig"}}
    setup = Setup(out, a.scale, a.duration, a.warmup, a.driver, a.tables, profiler=a.profiler)
    try:
        m = objects.Manifests(kube, setup, a.clients[0])
        kube.run_id = m.run_id
        summary.update(run_id=m.run_id, client_limits=container(m.job)["resources"]["limits"],
                       db_limits=container(m.pod)["resources"]["limits"])
        summary.update(cluster.bench(kube, m, setup, a.clients, a.repeat))
    except KeyboardInterrupt:
        die("interrupted", 130)
    except Exception as e:
        die(str(e))
    finally:   # every way out, the two exits above included
        kube.cleanup()
    for row in summary["rows"]:
        row.update(pgbench=summarize(row["runs"]["pgbench"], KEYS), benchlab=summarize(row["runs"]["benchlab"], KEYS))
        report.judge(row)
        bad = sum(not r["ok"] for rs in row["runs"].values() for r in rs)
        row["mark"] = f"  {bad} run(s) FAILED" if bad else ""
    return summary


def overheads(a, out, summary: dict) -> None:
    """--overhead-runs lab runs on the cluster, timed; into the summary as they come."""
    print(f"\nlab run --backend kubernetes {' '.join(lab_overhead.COMMAND)}, {a.overhead_runs} time(s): wall time "
          f"outside warm-up and measured phase (goal <= {lab_overhead.GOAL:.0f} s)")
    summary["lab_overhead"] = []
    try:
        for i in range(1, a.overhead_runs + 1):
            r = lab_overhead.measure(a.kubeconfig, a.namespace, out, i)
            summary["lab_overhead"].append(r)
            (out / "summary.json").write_text(json.dumps(summary, indent=1))
            print(f"  run {i}: exit {r['exit']}, status {r.get('status')}, wall {r['wall_seconds']:.1f} s, "
                  f"overhead {fmt(r.get('overhead_seconds'), '.1f')} s = " + " + ".join(
                      f"{lab_overhead.SPLIT_NAMES[k]} {v:.1f}" for k, v in r.get("split", {}).items()), flush=True)
    except KeyboardInterrupt:   # the lab got the Ctrl-C too and removes its own objects
        die("interrupted", 130)
    over = [r["overhead_seconds"] for r in summary["lab_overhead"] if r.get("overhead_seconds") is not None]
    if over:
        med, worst = median(over), max(over)
        summary["lab_overhead_median"], summary["lab_overhead_max"] = med, worst
        print(f"  overhead median {med:.1f} s, max {worst:.1f} s: "
              + ("within" if worst <= lab_overhead.GOAL else "OVER") + f" the {lab_overhead.GOAL:.0f} s goal")


def main(argv=None) -> int:
    a = arguments(argv)
    build()
    runs = len(a.clients) * a.repeat * 2
    estimate = 60 + a.scale * 4 + runs * (a.warmup + a.duration + 12) + a.overhead_runs * 45
    print(f"pgbench vs benchlab on Kubernetes (namespace {a.namespace}): scale {a.scale}, {a.duration} s per run, "
          f"warm-up {a.warmup} s each side, clients {','.join(map(str, a.clients))}, {a.repeat} pair(s) each, "
          f"{a.overhead_runs} lab overhead run(s) (about {estimate / 60:.0f} min)", flush=True)

    def on_term(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_term)
    out = out_dir("k8s_pgbench", fresh=True)
    summary = measure(a, Kube(a.kubeconfig, a.namespace), out)
    db, client = summary["db_limits"], summary["client_limits"]
    print(f"\nPostgreSQL {summary['server_version']} in a pod on {summary['db_node']} ({db['cpu']} CPU / "
          f"{gib(db['memory'])}); clients as Jobs on node-client ({client['cpu']} CPU / {gib(client['memory'])} each)")
    print(f"scale {a.scale}, {a.duration} s per run, warm-up {a.warmup} s each side (pgbench: an unmeasured run of "
          f"its own); medians of {a.repeat} run(s) per side")
    report.tps_table(summary["rows"], profiles=False)
    report.cpu_table(summary["rows"], profiles=False, whole=False)
    crowded = sorted({p for row in summary["rows"] for rs in row["runs"].values() for r in rs
                      for p in r["others_running"]})
    if crowded:
        print(f"note: other pods were running in the cluster during some runs: {', '.join(crowded[:6])}"
              + (" ..." if len(crowded) > 6 else ""))
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    if a.overhead_runs:
        overheads(a, out, summary)
        (out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(f"\noutputs: {out.relative_to(ROOT)}/ (summary.json, every Job's log, benchlab's results)")
    return 1 if any(row["mark"] for row in summary["rows"]) else 0


if __name__ == "__main__":
    sys.exit(main())
