"""The lab's own time in a `lab run --backend kubernetes`: its wall time outside warm-up and measured phase.

Split by the lab's progress lines, time-stamped as they come ("created in namespace", "database
ready"), and by the result's timestamps (started, measured_start, finished; pod and host share
one clock).
"""
import subprocess
import time
from pathlib import Path

from ..common import results
from ..common.core import LAB, ROOT
from .objects import ENGINE

GOAL = 30.0   # seconds
COMMAND = ["--engine", ENGINE, "--clients", "8", "--duration", "10s", "--warmup", "2s"]
SPLIT_NAMES = {"start_to_objects_made": "lab start->objects made",
               "objects_made_to_db_ready": "->database ready",
               "db_ready_to_runner_main": "->runner main() (pod start, JVM)",
               "runner_main_to_warmup": "->warm-up (load, check)",
               "measured_end_to_runner_end": "measured end->runner done (check, result)",
               "runner_end_to_exit": "->lab exit (frame read, teardown)"}


def timed_lines(cmd: list[str]) -> tuple[int, list[tuple[float, str]], float]:
    """Runs cmd; its exit code, its output lines each with the seconds since the start, and its wall time."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    lines = [(time.monotonic() - t0, line.rstrip()) for line in proc.stdout]
    rc = proc.wait()
    return rc, lines, time.monotonic() - t0


def split(marks: dict[str, float], result: dict, wall: float, w0: float) -> dict[str, float]:
    """The overhead's parts: from the lab's progress marks and the result's timestamps (w0: the lab's start, epoch)."""
    def at(name: str) -> float:   # seconds since the lab started, of one of the result's timestamps
        return results.instant(result["timestamps"][name]) - w0
    measured, warm = result["figures"]["seconds"], result["warmup"]["seconds"]
    ms = at("measured_start")
    parts = {}
    if "created" in marks and "db_ready" in marks:
        parts["start_to_objects_made"] = marks["created"]
        parts["objects_made_to_db_ready"] = marks["db_ready"] - marks["created"]
        parts["db_ready_to_runner_main"] = at("started") - marks["db_ready"]
    parts["runner_main_to_warmup"] = ms - warm - at("started")
    parts["measured_end_to_runner_end"] = at("finished") - (ms + measured)
    parts["runner_end_to_exit"] = wall - at("finished")
    return {k: round(v, 2) for k, v in parts.items()}


def measure(kubeconfig: str, namespace: str, out: Path, i: int) -> dict:
    """One lab run on the cluster, timed; its overhead and the overhead's split."""
    result = out / f"lab-overhead-{i}.json"
    w0 = time.time()
    rc, lines, wall = timed_lines([LAB, "run", "--backend", "kubernetes", "--kubeconfig", kubeconfig, "-n", namespace,
                                   *COMMAND, "-o", str(result)])
    (out / f"lab-overhead-{i}.log").write_text("".join(f"{t:7.2f} {line}\n" for t, line in lines))
    marks: dict[str, float] = {}
    for t, line in lines:
        if "created in namespace" in line:
            marks.setdefault("created", t)
        elif "database ready" in line:
            marks.setdefault("db_ready", t)
    r = {"exit": rc, "wall_seconds": round(wall, 2)}
    try:
        res = results.read(result)
    except (OSError, ValueError):
        r["why"] = "no result"
        return r
    measured, warm = res["figures"]["seconds"], res["warmup"]["seconds"]
    r.update(status=res.get("status"), measured_seconds=measured, warmup_seconds=warm,
             overhead_seconds=round(wall - measured - warm, 2), split=split(marks, res, wall, w0))
    return r
