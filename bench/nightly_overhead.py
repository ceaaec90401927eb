"""The lab's own time per cell of a night: what `lab nightly` spends outside warm-up and measured rounds.

  python3 -m bench.nightly_overhead [--cells 3] [--engine ENGINE] [--duration 5s] [--rounds 5]
      [--warmup 2s] [--kubeconfig FILE] [--namespace benchlab]

Writes a plan of --cells cells on the kubernetes backend (the engine, by default the first server
engine in name order, at 1, 2, ... clients; the last is the canary), runs `bin/lab nightly` on it
once into a fresh folder under bench/out/nightly_overhead/, time-stamps the lab's progress lines
as they come, and for each cell prints its wall time (from its "nightly cell i of n" line to the
next, the last to the verdicts' table), the warm-up and measured seconds its result records, and
the difference: the lab's own time (objects made, database ready, runner pod and JVM, result
read, objects removed). Goal: at most 15 s a cell. The kubeconfig is --kubeconfig, else
$BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG; the namespace must be one the lab may use (kubectl
apply -k k8s/ makes benchlab). The host's 1-minute load is printed beside it: other work on the
machine lengthens every phase.
"""
import os
import re
import subprocess
import sys
import time

from .common import results
from .common.core import LAB, ROOT, bench_parser, build, die, out_dir
from .common.descriptors import DESCRIPTOR, IMAGES
from .common.services import kubeconfig
from .common.stats import median

GOAL = 15.0
CELL_LINE = re.compile(r"nightly cell (\d+) of (\d+)")


def plan(a) -> str:
    """The night's plan: one cell per client count below --cells, the canary at --cells."""
    return "\n".join([
        "version: 1",
        f"options: {{backend: kubernetes, namespace: {a.namespace}, kubeconfig: {a.kubeconfig}, scale: {a.cells},"
        f" duration: {a.duration}, warmup: {a.warmup}, rounds: {a.rounds}}}",
        f"cells: [{{engines: [{a.engine}], clients: {list(range(1, a.cells))}}}]",
        f"canary: {{engine: {a.engine}, clients: {a.cells}}}", ""])


def run_night(out, a):
    """The lab's stderr lines with the time each came, its stdout, its end and its exit code."""
    (out / "plan.yaml").write_text(plan(a))
    # stdout to a file: read after stderr from a pipe, a full pipe would stop the lab.
    with open(out / "nightly.out", "w+") as stdout:
        proc = subprocess.Popen([LAB, "nightly", "--plan", str(out / "plan.yaml"), "--results", str(out / "nights"),
                                 "--night", "n1"], stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        lines = [(time.monotonic(), line) for line in proc.stderr]
        end = time.monotonic()
        code = proc.wait()
        stdout.seek(0)
        return lines, stdout.read(), end, code


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("--cells", type=int, default=3)
    p.add_argument("--engine", default=sorted(f.parent.name for f in IMAGES.glob(f"*/{DESCRIPTOR}"))[0])
    p.add_argument("--duration", default="5s")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--warmup", default="2s")
    p.add_argument("--kubeconfig", default=kubeconfig())
    p.add_argument("--namespace", default="benchlab")
    a = p.parse_args(argv)
    if not a.kubeconfig:
        die("no kubeconfig: --kubeconfig, $BENCHLAB_KUBE_KUBECONFIG or $KUBECONFIG", 2)
    if a.cells < 2:
        die("--cells must be at least 2 (cells and the canary)", 2)
    return a


def main(argv=None) -> int:
    a = arguments(argv)
    build()
    load = os.getloadavg()[0]
    out = out_dir("nightly_overhead", fresh=True)
    lines, text, end, code = run_night(out, a)
    (out / "lab.err").write_text("".join(line for _, line in lines))
    (out / "lab.out").write_text(text)
    starts = [(t, int(m.group(1))) for t, line in lines if (m := CELL_LINE.search(line))]
    if code not in (0, 1) or len(starts) != a.cells:
        die(f"lab nightly exited {code} after {len(starts)} of {a.cells} cells; see {out / 'lab.err'}")
    files = sorted((out / "nights" / "n1").glob("*.json"), key=lambda f: f.stat().st_mtime)
    print(f"{'cell':<34} {'wall s':>7} {'warm-up s':>9} {'measured s':>10} {'lab s':>7}")
    own = []
    for (t0, i), path in zip(starts, files):
        t1 = starts[i][0] if i < len(starts) else end
        r = results.read(path)
        if results.problem(r):
            die(f"{path.name}: {results.problem(r)}")
        warm = r["knobs"]["warmup_seconds"]
        measured = sum(x["figures"]["seconds"] for x in r["rounds"])
        own.append(t1 - t0 - warm - measured)
        print(f"{path.stem:<34} {t1 - t0:7.1f} {warm:9.1f} {measured:10.1f} {own[-1]:7.1f}")
    worst = max(own)
    print(f"lab's own time per cell: median {median(own):.1f} s, worst {worst:.1f} s"
          f" (goal <= {GOAL:.0f} s: {'met' if worst <= GOAL else 'NOT met'}); host load {load:.1f} before,"
          f" {os.getloadavg()[0]:.1f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
