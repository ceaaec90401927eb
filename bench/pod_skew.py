"""How far apart client pods start measuring: the start skew of split runs, many times over.

  python3 -m bench.pod_skew --engine NAME --jdbc-url URL --user U --password-file FILE
      [--runs 40] [--pods 2] [--clients 4] [--scale 2] [--duration 2s] [--warmup 1s]
      [--cpu-limit 0.5] [--bound-ms 100]

Runs `bin/runner run --client-pods P` as P processes at once against one real server, --runs
times, each process under a CPU limit of its own (a cgroup cpu quota, as a Kubernetes pod's
limit is enforced: --cpu-limit 0 for none). The pods meet in the database before their measured
phase (pod 0 posts go, the others poll for it every 5 ms); a run's skew is the spread of the
pods' measured starts, as `lab merge` and the lab compute it. Prints each run's skew, then the
median, the 95th percentile (nearest rank), the highest, how many runs went past --bound-ms (the
bound the client-pod ITs assert), and the rule-of-three upper bound on the chance that one run
does (95% confidence; with none past it in N runs, 3/N). Every run must end ok.

The server is given as to `runner run`; for the PostgreSQL of `.ci/services start`: source
/tmp/benchlab-services/env, then --jdbc-url "$BENCHLAB_PG_URL" --user "$BENCHLAB_PG_USER"
--password-file "$BENCHLAB_PG_PASSWORD_FILE". Needs `make build` (bin/runner) and root for the
cgroups. Results land in bench/out/pod_skew/.
"""
import os
import statistics
import subprocess
import sys

from .common import results
from .common.cgroup import Cgroup
from .common.core import RUNNER, bench_parser, build, die, options, out_dir
from .common.services import add_server_options, server_target
from .common.stats import percentile, rule_of_three


def one_run(out, i: int, a, groups: list[Cgroup | None]) -> float:
    """One split run of --pods processes; its skew in ms."""
    run_id = f"skew-{os.getpid()}-{i}"
    procs = []
    for pod in range(a.pods):
        result = out / f"{run_id}-{pod}.json"
        cmd = [RUNNER, "run", "--quiet", "--output", str(result), "--run-id", run_id, "--client-pods", str(a.pods),
               "--client-pod", str(pod), "--clients", str(a.clients), "--duration", a.duration,
               "--warmup", a.warmup, "--scale", str(a.scale), *server_target(a)]
        if i == 0 and pod == 0:
            cmd.append("--init")  # pod 0 loads for all: once, at --scale
        join = groups[pod].joining() if groups[pod] else None
        procs.append((result, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                               preexec_fn=join)))
    starts = []
    for result, p in procs:
        stdout, stderr = p.communicate()
        if p.returncode != 0:
            die(f"run {run_id} failed ({p.returncode}): {stderr.strip() or stdout.strip()}")
        r = results.read(result)
        if results.problem(r):
            die(f"run {run_id}: {results.problem(r)}")
        starts.append(results.instant(r["timestamps"]["measured_start"]))
    return (max(starts) - min(starts)) * 1000


def main(argv=None) -> int:
    ap = bench_parser(__spec__.name, __doc__, raw=True)
    add_server_options(ap)
    options(ap, runs=40, pods=2, clients=4, scale=2, duration="2s", warmup="1s", cpu_limit=0.5, bound_ms=100.0)
    a = ap.parse_args(argv)
    build()
    if a.runs < 1 or a.pods < 1:
        die("--runs and --pods at least 1", 2)
    out = out_dir("pod_skew")
    groups = [Cgroup(f"benchlab-pod-skew-{p}").limit(a.cpu_limit) if a.cpu_limit > 0 else None
              for p in range(a.pods)]
    try:
        print(f"{a.runs} runs of {a.pods} pods, {a.clients} clients, each pod under "
              + (f"{a.cpu_limit} CPU" if groups[0] else "no CPU limit"), flush=True)
        skews = []
        for i in range(a.runs):
            skews.append(one_run(out, i, a, groups))
            print(f"run {i + 1:3d}  skew {skews[-1]:6.1f} ms", flush=True)
    finally:
        for g in groups:
            if g is not None:
                g.remove()
    ordered = sorted(skews)
    over = sum(1 for s in skews if s > a.bound_ms)
    print(f"skew ms: median {statistics.median(skews):.1f}  p95 {percentile(ordered, 0.95):.1f}  max {ordered[-1]:.1f}  "
          f"mean {statistics.mean(skews):.1f}")
    print(f"past {a.bound_ms:.0f} ms: {over} of {len(skews)}"
          + (f"; chance per run below {rule_of_three(len(skews)):.3f} (95%, rule of three)" if over == 0 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
