"""Storage kinds side by side: a durable engine's commits beside the flush latency of its storage.

  python3 -m bench.storage [--backend docker|kubernetes] [--engines postgres] [--storage KINDS]
      [--clients 1,8] [--duration 10] [--warmup 5] [--write-iops N] [--kubeconfig FILE]
      [--namespace benchlab-bench] [--no-build]

For each engine, storage kind (lab run --db-storage) and client count, one bin/lab run --backend
BACKEND --profile durable --scale CLIENTS with that storage: the lab probes the flush latency of the
very place the database writes before the load (placement.database.storage) and warns
durability_unverified when the commits per connection come faster than that storage flushes. The
table puts the probe's p50 and p99 beside the run's tps, its commits a second per connection, the
commit statement's p50 and p99, and whether the run carries that warning: an engine whose durable
profile waits for the disk cannot commit on one connection faster than the disk flushes, and with
more clients group commit lets them share a flush.

The kinds are the backend's (default: all of them): docker container, volume, tmpfs; kubernetes
ephemeral, memory (an emptyDir in memory), pvc (a claim of the cluster's default StorageClass).
--write-iops caps the database's writes to its disk (lab run --db-write-iops, docker only) to stand
for a slower disk.

docker needs a Docker API (.ci/containers start; source /tmp/benchlab-containers/env) and the
images (make images). kubernetes needs a cluster whose nodes have the images (.ci/kube start loads
podman's; source /tmp/benchlab-kube/env), its kubeconfig (--kubeconfig, else
$BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG) and kubectl, which makes --namespace if missing.
Results and summary.json land in bench/out/storage/ (emptied at the start).
"""
import json
import shutil
from dataclasses import dataclass

from .common.core import bench_parser, build, counts, die, lab, log, out_dir, words
from .common.descriptors import engines as server_engines
from .common.kube import Kube
from .common.results import problem, read
from .common.services import kubeconfig

DURABILITY = "durability_unverified"


@dataclass(frozen=True)
class Backend:
    """What differs between the backends for this bench: their --db-storage kinds, whether the
    lab can cap the database's writes there, and whether a run needs a cluster (kubeconfig, namespace)."""
    kinds: tuple[str, ...]
    write_iops: bool
    cluster: bool


BACKENDS = {"docker": Backend(("container", "volume", "tmpfs"), write_iops=True, cluster=False),
            "kubernetes": Backend(("ephemeral", "memory", "pvc"), write_iops=False, cluster=True)}


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--backend", default="docker", choices=sorted(BACKENDS), help="(default docker)")
    p.add_argument("--engines", default="postgres", help="server engines, comma-separated (default postgres)")
    p.add_argument("--storage", help="the backend's storage kinds, comma-separated (default all of them)")
    p.add_argument("--clients", default="1,8", help="client counts (default 1,8)")
    p.add_argument("--duration", type=int, default=10, help="measured seconds a run (default 10)")
    p.add_argument("--warmup", type=int, default=5, help="warm-up seconds a run (default 5)")
    p.add_argument("--write-iops", type=int, default=0, help="cap the database's disk writes, docker only"
                   " (default: no cap)")
    p.add_argument("--kubeconfig", default=kubeconfig(), help="kubernetes: the cluster (default"
                   " $BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG)")
    p.add_argument("-n", "--namespace", default="benchlab-bench", help="kubernetes (default benchlab-bench)")
    p.add_argument("--no-build", action="store_true", help="use the build as it is, without make build")
    a = p.parse_args(argv)
    backend = BACKENDS[a.backend]
    a.engines = words(a.engines, "--engines", server_engines())
    a.storage = words(a.storage or ",".join(backend.kinds), f"--storage (--backend {a.backend})", backend.kinds)
    a.clients = counts(a.clients, "--clients")
    if min(a.duration, a.warmup + 1) < 1 or a.write_iops < 0:
        die("--duration at least 1, --warmup and --write-iops at least 0", 2)
    if a.write_iops and not backend.write_iops:
        die(f"--write-iops applies to --backend docker, not {a.backend}", 2)
    if backend.cluster and not a.kubeconfig:
        die("no kubeconfig: give --kubeconfig or set BENCHLAB_KUBE_KUBECONFIG", 2)
    return a


def row(engine: str, kind: str, clients: int, result: dict) -> dict:
    """One table row from a run's result: what the run did beside what its storage flushes at."""
    storage = ((result.get("placement") or {}).get("database") or {}).get("storage") or {}
    flush = storage.get("flush") or {}
    figures = result.get("figures") or {}
    commit = (figures.get("statements") or {}).get("commit") or {}
    tps = figures.get("tps")
    return {"engine": engine, "backend": (result.get("placement") or {}).get("backend"), "storage": kind,
            "storage_class": storage.get("storage_class"), "clients": clients, "filesystem": storage.get("filesystem"),
            "flush_p50_ms": flush.get("p50_ms"), "flush_p99_ms": flush.get("p99_ms"), "tps": tps,
            "commits_per_connection": None if tps is None else tps / clients,
            "commit_p50_ms": commit.get("p50_ms"), "commit_p99_ms": commit.get("p99_ms"),
            "durability_warning": any(w["code"] == DURABILITY for w in result.get("warnings") or []),
            "problem": problem(result)}


def table(rows: list[dict]) -> list[str]:
    """The rows as aligned text lines, a header first; a figure a run lacks shows as '-'."""
    def num(value, digits):
        return "-" if value is None else f"{value:.{digits}f}"
    lines = [f"{'engine':<14} {'storage':<16} {'fs':<6} {'clients':>7} {'flush p50':>10} {'flush p99':>10} "
             f"{'tps':>9} {'tps/conn':>9} {'commit p50':>11} {'commit p99':>11}  durability"]
    for r in rows:
        said = "not waiting for the disk" if r["durability_warning"] else "ok"
        where = r["storage"] + (f":{r['storage_class']}" if r.get("storage_class") else "")   # pvc: its class
        lines.append(f"{r['engine']:<14} {where:<16} {r['filesystem'] or '-':<6} {r['clients']:>7} "
                     f"{num(r['flush_p50_ms'], 3):>10} {num(r['flush_p99_ms'], 3):>10} {num(r['tps'], 1):>9} "
                     f"{num(r['commits_per_connection'], 1):>9} {num(r['commit_p50_ms'], 3):>11} "
                     f"{num(r['commit_p99_ms'], 3):>11}  {r['problem'] or said}")
    return lines


def target(a) -> list[str]:
    """The lab run options that say where: the backend, and a cluster's kubeconfig and namespace."""
    where = ["--backend", a.backend]
    if BACKENDS[a.backend].cluster:
        where += ["--kubeconfig", a.kubeconfig, "-n", a.namespace]
    return where


def main(argv=None) -> int:
    a = arguments(argv)
    if BACKENDS[a.backend].cluster:   # the lab uses a namespace, it does not make one
        if shutil.which("kubectl") is None:
            die("kubectl is not on PATH", 2)
        Kube(a.kubeconfig, a.namespace).ensure_namespace()
    build(skip=a.no_build)
    out = out_dir("storage", fresh=True)
    rows = []
    for engine in a.engines:
        for kind in a.storage:
            for clients in a.clients:
                log(f"{engine} durable on {a.backend} {kind}, {clients} clients")
                path = out / f"{engine}-{kind}-{clients}.json"
                args = ["run", *target(a), "--engine", engine, "--profile", "durable", "--db-storage", kind,
                        "--clients", str(clients), "--scale", str(clients), "--duration", f"{a.duration}s",
                        "--warmup", f"{a.warmup}s", "-q", "-o", str(path)]
                if a.write_iops:
                    args += ["--db-write-iops", str(a.write_iops)]
                try:
                    lab(*args)
                except RuntimeError as e:
                    if not path.exists():
                        die(f"{engine} on {kind}: {e}")
                rows.append(row(engine, kind, clients, read(path)))
    (out / "summary.json").write_text(json.dumps(rows, indent=1) + "\n")
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
