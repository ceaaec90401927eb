"""sysbench and benchlab as processes on this machine, against the bench Server, in alternated pairs.

Both run benchlab's TPC-B transaction (sysbench: tpcb.lua) on the tables bin/runner init loaded,
with the same tries on a deadlock or lock wait timeout. Fairness: each side warms up for `warmup`
seconds inside its run, excluded from its figures (sysbench: until its checkpoint report), and
the dirty pages are flushed before each side's run, so neither pays the other's. Client CPU:
each process's /proc/PID/stat sampled every 50 ms, read over its measured phase (sysbench: from
its checkpoint line to its exit; benchlab: the result's window).
Consistency: the history rows added during a run equal the side's committed transactions,
warm-up included.
"""
import os
import shutil
import subprocess
import time
from pathlib import Path

from ..common import results
from ..common.core import LAB, ROOT, RUNNER
from ..common.cpu import CpuSampler
from ..common.pairs import in_order
from ..pgbench import local as clients
from ..pgbench.sides import Setup, summarize
from . import output
from .server import HOST, Server

SIDES = ("sysbench", "benchlab")
SCRIPT = Path(__file__).resolve().parent / "tpcb.lua"
TRIES = 10                    # benchlab's default --max-tries, given to both sides
RETRIED_ERRORS = "1213,1205"  # what benchlab's engine class retries: ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT
INSTALL = "sysbench is not installed: apt-get install -y sysbench (Debian's sysbench 1.0)"

# The figures of a side's runs that its summary holds: medians over the repeats.
KEYS = ("tps", "p99_ms", "cpu_us_per_tx", "cpu_seconds", "retried")

current: subprocess.Popen | None = None   # sysbench running now, ended if the bench is interrupted


class BadInput(Exception):
    """benchlab refused its options (exit 2): the bench's own input, e.g. a --driver it does not take."""


def stop_current() -> None:
    clients.stop_current()
    if current is not None and current.poll() is None:
        current.terminate()
        current.wait(timeout=10)


def installed() -> bool:
    return shutil.which("sysbench") is not None


def sysbench_config(server: Server, s: Setup, n: int) -> Path:
    """sysbench's options in a 0600 file of the server's state dir: the password stays off the command line."""
    path = server.state / "sysbench.cfg"
    text = "".join(f"{k}={v}\n" for k, v in {
        "mysql-host": HOST, "mysql-port": server.port, "mysql-user": "bench", "mysql-password": server.password(),
        "mysql-db": "bench", "mysql-ignore-errors": RETRIED_ERRORS, "db-ps-mode": "auto", "threads": n,
        "time": s.warmup + s.duration, "report-checkpoints": s.warmup, "percentile": 99}.items()
        if k != "report-checkpoints" or s.warmup > 0)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return path


def run_sysbench(server: Server, s: Setup, name: str, n: int) -> dict:
    """One sysbench run (warm-up, then measured), its output read as it comes to time the checkpoint."""
    global current
    cmd = ["sysbench", str(s.script), f"--config-file={sysbench_config(server, s, n)}", f"--scale={s.scale}",
           f"--max-tries={TRIES}", "run"]
    rows0, cpu0 = server.history_rows(), clients.cpu_children()
    lines = []
    current = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    sampler = CpuSampler(current.pid)
    sampler.start()
    measured_from = None if s.warmup > 0 else time.time()
    for line in current.stdout:
        if measured_from is None and output.CHECKPOINT.match(line):
            measured_from = time.time()
        lines.append(line)
    rc = current.wait()
    sampler.stop()
    current = None
    text = "".join(lines)
    (s.out / f"{name}.out").write_text(text)
    figures, counts = output.report(text), output.thread_counts(text)
    r = {"ok": rc == 0 and figures is not None and counts is not None, "exit": rc,
         "cpu_seconds": clients.cpu_children() - cpu0, "command": " ".join(cmd)}
    if not r["ok"]:
        return {**r, "why": output.why(text, rc)}
    added = server.history_rows() - rows0
    return {**r, **figures, "retried": figures["ignored_errors"], "failed": counts["failed"],
            "committed_total": counts["committed"], "history_rows_added": added,
            "consistency_ok": counts["committed"] == added,
            "cpu_us_per_tx": output.measured_cpu_us(sampler, measured_from, r["cpu_seconds"], figures["transactions"])
            if measured_from else None}


def run_benchlab(server: Server, s: Setup, name: str, n: int) -> dict:
    """bin/lab run on the tables it loaded (no --init), TPC-B's distribution (benchlab's default)."""
    result = s.out / f"{name}.json"
    cmd = [LAB, "run", *server.target(), "--backend", "external", "--scale", str(s.scale), "--clients", str(n),
           "--duration", f"{s.duration}s", "--warmup", f"{s.warmup}s", "--max-tries", str(TRIES),
           "--driver", s.driver, "--quiet", "--output", str(result)]
    rows0 = server.history_rows()
    rc, out, wall, cpu, sampler = clients.run_client(cmd, s.out / f"{name}.out", clients.benchlab_env(), sample=True)
    if rc == 2:
        raise BadInput(out.strip().splitlines()[-1] if out.strip() else "lab run: exit 2")
    if not result.exists():
        return {"ok": False, "why": f"exited {rc}, no result: {out.strip()[-400:]}"}
    r = results.read(result)
    f = results.figures(r)
    committed = (f["transactions"] or 0) + f["warmup_transactions"]
    added = server.history_rows() - rows0
    res = {**f, "ok": rc == 0 and f["status"] == "ok", "exit": rc, "cpu_seconds": cpu, "wall_seconds": wall,
           "retried": (r.get("figures") or {}).get("retried"), "committed_total": committed,
           "history_rows_added": added, "consistency_ok": f["consistency_ok"] is not False and committed == added,
           "cpu_us_per_tx": clients.measured_cpu_us(r, sampler, f["transactions"])}
    if not res["ok"]:
        res["why"] = f"exited {rc}, status {f['status']}: {out.strip()[-400:]}"
    return res


def load(server: Server, s: Setup) -> dict:
    """benchlab's tables, loaded once by bin/runner init; sysbench runs on them too."""
    rc, out, wall, cpu, _ = clients.run_client([RUNNER, "init", *server.target(), "--scale", str(s.scale)],
                                               s.out / "benchlab-init.out", clients.benchlab_env())
    if rc != 0:
        raise RuntimeError(f"bin/runner init failed ({rc}):\n{out.strip()[-800:]}")
    return {"wall_seconds": round(wall, 2), "cpu_seconds": round(cpu, 2)}


def run_cell(server: Server, s: Setup, profile: str, n: int, repeat: int) -> dict[str, list[dict]]:
    """repeat pairs of runs, the side that goes first alternating; the dirty pages flushed before each."""
    run = {"sysbench": run_sysbench, "benchlab": run_benchlab}
    runs: dict[str, list[dict]] = {side: [] for side in SIDES}
    for rep in range(1, repeat + 1):
        for side in in_order(SIDES, rep):
            server.settle()
            runs[side].append(run[side](server, s, f"{side}-{profile}-c{n}-r{rep}", n))
    return runs


def summary(runs: list[dict]) -> dict:
    """One side's medians over its repeats, its checks, and the profile benchlab read back."""
    out = summarize(runs, KEYS)
    out["consistency_ok"] = all(r.get("consistency_ok") for r in runs if r["ok"])
    read_back = {r.get("profile_read_back") for r in runs} - {None}
    out["profile_read_back"] = read_back.pop() if len(read_back) == 1 else (sorted(read_back) or None)
    return out
