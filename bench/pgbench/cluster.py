"""pgbench and benchlab as Jobs on a cluster, in alternated pairs, against the lab's database pod.

The Jobs are made from the lab's own runner Job (bench/pgbench/objects.py): same node, limits,
database and Secret for both sides. pgbench's figures are computed in its pod (tps, the p99 of
its per-transaction log, its CPU from its shell's children counters); benchlab's come from the
result frame in its Job's log (lab result-frame).
"""
import json
import os
import re
import secrets
from pathlib import Path

from ..common import results
from ..common.core import lab, log
from ..common.fmt import fmt
from ..common.kube import Kube, container
from ..common.pairs import in_order
from .objects import Database, Manifests, init_args, with_values
from .sides import FAILED, PROCESSED, SIDES, TPS, Setup, settled_tables


# The values come as the Job's environment, so the script is the same for every run. Kubernetes
# makes $$ of a container's arguments one $ (its escape for $(VAR)): the shell's own pid is $$$$.
PGBENCH_RUN = r"""
set -e
cd /tmp
set --
if [ "$TABLES" = benchlab ]; then
  pgbench --show-script=tpcb-like 2>&1 | grep -v '^--' | sed 's/pgbench_//g' > tpcb-like.sql
  set -- -s "$SCALE" -f tpcb-like.sql
fi
if [ "$WARMUP" -gt 0 ]; then
  pgbench -n -M prepared -j "$THREADS" -c "$CLIENTS" -T "$WARMUP" "$@" > warmup.txt 2>&1 || { cat warmup.txt; exit 1; }
fi
children() { set -- $(cut -d ')' -f 2 /proc/$$$$/stat); echo $(( ${14} + ${15} )); }
before=$(children)
pgbench -n -M prepared -j "$THREADS" -c "$CLIENTS" -T "$DURATION" "$@" -l --log-prefix=/tmp/pgbench_log
echo "cpu_ticks $(( $(children) - before )) hz $(getconf CLK_TCK)"
cat pgbench_log.* | awk '{print $3}' | sort -n | awk '{v[NR]=$1} END {i=int((NR*99+99)/100); if (i>NR) i=NR; printf "p99_us %s count %d\n", v[i], NR}'
"""


def run_pgbench(kube: Kube, m: Manifests, s: Setup, n: int, rep: int) -> dict:
    """pgbench's warm-up and measured run in one Job; its p99 and CPU computed in the pod."""
    name = f"pgbench-c{n}-r{rep}"
    job = m.pgbench(name, ["sh"], ["-c", PGBENCH_RUN], THREADS=min(2, n), CLIENTS=n, WARMUP=s.warmup,
                    DURATION=s.duration, TABLES=s.tables, SCALE=s.scale)
    ok, text, wall = kube.run_job(job, s.out / f"{name}.log", expected_seconds=s.warmup + s.duration)
    tps, processed = TPS.search(text), PROCESSED.search(text)
    p99 = re.search(r"^p99_us ([\d.]+) count (\d+)", text, re.M)
    ticks = re.search(r"^cpu_ticks (\d+) hz (\d+)", text, re.M)
    cpu = int(ticks.group(1)) / int(ticks.group(2)) if ticks else None
    n_tx = int(processed.group(1)) if processed else 0
    failed = FAILED.search(text)
    warm = f"-T {s.warmup} warm-up; " if s.warmup else ""
    r = {"ok": ok and tps is not None, "tps": float(tps.group(1)) if tps else None,
         "p99_ms": float(p99.group(1)) / 1000 if p99 else None, "cpu_seconds": cpu,
         "cpu_us_per_tx": cpu / n_tx * 1e6 if cpu is not None and n_tx else None,
         "failed": int(failed.group(1)) if failed else None, "job_wall_seconds": round(wall, 2),
         "command": f"{warm}pgbench -n -M prepared -j {min(2, n)} -c {n} -T {s.duration}"
                    + (f" -s {s.scale} -f tpcb-like.sql (on benchlab's tables)" if s.tables == "benchlab" else "")
                    + " -l"}
    if not r["ok"]:
        r["why"] = text.strip().splitlines()[-1] if text.strip() else "no output"
    return r


def profiled(job: dict, name: str, library: str, profiles: Path) -> dict:
    """The Job with async-profiler loaded into the runner's JVM: CPU samples (itimer, every 1 ms: a
    container may not open perf events) into PROFILES/NAME.collapsed, both through host paths."""
    profiles.mkdir(parents=True, exist_ok=True)
    profiles.chmod(0o777)   # the runner's user in the image writes there
    spec = job["spec"]["template"]["spec"]
    spec.setdefault("volumes", []).extend([
        {"name": "profiler", "hostPath": {"path": str(Path(library).resolve().parent), "type": "Directory"}},
        {"name": "profiles", "hostPath": {"path": str(profiles), "type": "Directory"}}])
    c = container(job)
    c.setdefault("volumeMounts", []).extend([{"name": "profiler", "mountPath": "/profiler", "readOnly": True},
                                             {"name": "profiles", "mountPath": "/profiles"}])
    agent = (f"-agentpath:/profiler/{Path(library).name}=start,event=itimer,interval=1ms,"
             f"file=/profiles/{name}.collapsed,collapsed")
    c.setdefault("env", []).append({"name": "JAVA_OPTS", "value": agent})
    return job


def run_benchlab(kube: Kube, m: Manifests, s: Setup, n: int, rep: int) -> dict:
    """A run of its own, as a lab run would be (its own id and seed); the result from its log's frame."""
    name = f"benchlab-c{n}-r{rep}"
    job = m.client_job(name, args=with_values(m.args, {"--clients": str(n), "--seed": str(secrets.randbits(63)),
                                                       "--run-id": f"{m.run_id}-{name}"}))
    if s.profiler:
        job = profiled(job, name, s.profiler, s.out / "profiles")
    ok, text, wall = kube.run_job(job, s.out / f"{name}.log", expected_seconds=s.warmup + s.duration + 5)
    r = {"ok": False, "tps": None, "p99_ms": None, "job_wall_seconds": round(wall, 2),
         "command": "runner " + " ".join(container(job)["args"])}
    try:
        result = json.loads(lab("result-frame", input=text))
    except RuntimeError as e:
        r["why"] = f"{e}; exit {'0' if ok else 'non-zero'}"
        return r
    (s.out / f"{name}.json").write_text(json.dumps(result, indent=1))
    f = results.figures(result)
    r.update(f, cpu_seconds=f["client_cpu_seconds"], cpu_us_per_tx=f["client_cpu_us_per_tx"])
    r["ok"] = ok and f["status"] == "ok" and r["tps"] is not None
    if not r["ok"]:
        r["why"] = f"status {f['status']}, warnings {f['warnings']}"
    return r


def load(kube: Kube, db: Database, m: Manifests, s: Setup) -> dict:
    """Both data sets once, each as a Job after a checkpoint: pgbench -i, then runner init."""
    db.sql("CHECKPOINT")
    ok, text, wall_pg = kube.run_job(m.pgbench("load-pgbench", ["pgbench"], ["-i", "-s", str(s.scale), "-q"]),
                                     s.out / "load-pgbench.log", expected_seconds=s.scale * 2)
    if not ok:
        raise RuntimeError(f"pgbench -i failed:\n{text[-2000:]}")
    db.sql("CHECKPOINT")
    ok, text, wall_bl = kube.run_job(m.client_job("load-benchlab", args=init_args(m.args)),
                                     s.out / "load-benchlab.log", expected_seconds=s.scale * 2)
    if not ok:
        raise RuntimeError(f"runner init failed:\n{text[-2000:]}")
    db.sql("CHECKPOINT")
    return {"pgbench_job_seconds": round(wall_pg, 2), "benchlab_job_seconds": round(wall_bl, 2)}


def bench(kube: Kube, m: Manifests, s: Setup, clients: list[int], repeat: int) -> dict:
    """The database once, both loads, then for each client count `repeat` alternated pairs."""
    kube.ensure_namespace()
    for obj in m.database_objects():
        kube.apply(obj)
    db = Database(kube, m)
    log(f"the lab's database pod {db.pod} and its Service created in namespace {kube.ns} (run {m.run_id})")
    ready = db.wait_ready()
    version = db.sql("SHOW server_version")
    node = kube("get", "pod", db.pod, "-o", "jsonpath={.spec.nodeName}").stdout
    log(f"database ready on {node} in {ready:.1f} s: PostgreSQL {version}")
    loads = load(kube, db, m, s)
    log(f"loaded scale {s.scale}: pgbench -i Job {loads['pgbench_job_seconds']:.1f} s, "
        f"runner init Job {loads['benchlab_job_seconds']:.1f} s (pod start included)")
    run = {"pgbench": run_pgbench, "benchlab": run_benchlab}
    rows = []
    for n in clients:
        runs: dict[str, list[dict]] = {side: [] for side in SIDES}
        for rep in range(1, repeat + 1):
            for side in in_order(SIDES, rep):
                db.settle(settled_tables(side, s.tables == "benchlab"))
                others, load0 = kube.others_running(m.prefix), os.getloadavg()[0]
                r = run[side](kube, m, s, n, rep)
                r["others_running"] = others
                r["host_load_1m"] = [round(load0, 1), round(os.getloadavg()[0], 1)]   # before, after
                runs[side].append(r)
                log(f"c{n} r{rep} {side:8} " + (f"tps {r['tps']:.1f}  p99 {fmt(r['p99_ms'], '.2f')} ms" if r["ok"]
                                               else f"FAILED: {r.get('why')}")
                    + f"  (host load {r['host_load_1m'][0]:.1f} -> {r['host_load_1m'][1]:.1f} on "
                    f"{os.cpu_count()} CPUs" + (f", other pods running: {len(others)})" if others else ")"))
        rows.append({"clients": n, "runs": runs})
    return {"server_version": version, "db_node": node, "db_ready_seconds": round(ready, 2), "loads": loads, "rows": rows}
