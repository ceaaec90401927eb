"""pgbench and benchlab as processes on this machine, against a bench Server, in alternated pairs.

Fairness: benchlab warms up for `warmup` seconds inside its run (excluded from its figures);
pgbench has no warm-up, so it gets an unmeasured run of as long (same clients and threads) just
before its measured run. Each side's tables are vacuumed and a checkpoint taken before its run,
so both start alike and neither pays the other's dirty pages; neither history table is
truncated. Client CPU: pgbench's from getrusage of its reaped process, benchlab's from its JVM's
/proc/PID/stat sampled every 50 ms and read at the result's measured window. Server work: WAL
flushes and records from pg_stat_wal around each side's run, warm-up included.
"""
import gzip
import os
import re
import resource
import subprocess
import time
from pathlib import Path

from ..common import results
from ..common.core import LAB, ROOT, RUNNER
from ..common.cpu import CpuSampler
from ..common.pairs import in_order
from ..common.stats import percentile
from .server import Server
from .sides import FAILED, PROCESSED, SIDES, TPS, Setup, on_benchlab_tables, pgbench_run, settled_tables, summarize

# The figures of a side's runs that its summary holds: medians over the repeats.
KEYS = ("tps", "p99_ms", "cpu_us_per_tx", "cpu_seconds", "wal_syncs_per_tx", "wal_records_per_tx")


current: subprocess.Popen | None = None   # the client running now, ended if the bench is interrupted


def stop_current() -> None:
    if current is not None and current.poll() is None:
        current.terminate()
        try:
            current.wait(timeout=10)
        except subprocess.TimeoutExpired:
            current.kill()


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_client(cmd: list[str], log: Path, env=None, sample: bool = False):
    """Runs a client to completion; returns (exit code, output, wall seconds, CPU seconds, sampler or pid)."""
    global current
    cpu0, t0 = cpu_children(), time.monotonic()
    sampler = None
    with open(log, "w") as f:
        current = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        if sample:
            sampler = CpuSampler(current.pid)
            sampler.start()
        rc = current.wait()
    if sampler:
        sampler.stop()
    pid, current = current.pid, None
    return rc, Path(log).read_text(), time.monotonic() - t0, cpu_children() - cpu0, sampler or pid


def script_on_benchlab_tables(server: Server, out: Path) -> Path:
    """pgbench's builtin tpcb-like script, as pgbench shows it, on benchlab's tables; its path."""
    shown = subprocess.run([str(server.bin / "pgbench"), "--show-script=tpcb-like"], capture_output=True, text=True)
    text = shown.stdout + shown.stderr
    if shown.returncode != 0 or "pgbench_accounts" not in text:
        raise RuntimeError(f"pgbench --show-script=tpcb-like failed: {text.strip()[-300:]}")
    path = out / "tpcb-like-on-benchlab-tables.sql"
    path.write_text(on_benchlab_tables(text))
    return path


def wal_per_tx(before: list[float], after: list[float], transactions: int) -> dict:
    keys = ("wal_syncs_per_tx", "wal_records_per_tx", "wal_fpi_per_tx", "wal_bytes_per_tx")
    return {k: (a - b) / transactions if transactions else None for k, b, a in zip(keys, before, after)}


def pgbench_cmd(server: Server, s: Setup, clients: int, seconds: int, extra=()) -> list[str]:
    script = ["-s", str(s.scale), "-f", str(s.script)] if s.script else []
    seed = [f"--random-seed={s.seed}"] if s.seed is not None else []
    return [str(server.bin / "pgbench"), *pgbench_run(clients, seconds), *script, *extra, *seed]


def pgbench_latencies(prefix: Path, pid: int, keep: Path) -> list[float]:
    """Latencies (ms, sorted) from pgbench's per-thread transaction logs PREFIX.PID[.N]; gzips them into KEEP."""
    files = sorted(prefix.parent.glob(f"{prefix.name}.{pid}")) + sorted(prefix.parent.glob(f"{prefix.name}.{pid}.*"))
    values = []
    with gzip.open(keep, "wt") as out:
        for f in files:
            text = f.read_text()
            out.write(text)
            for line in text.splitlines():
                parts = line.split()
                if len(parts) >= 3 and parts[2].isdigit():   # "failed"/"skipped" lines carry no latency
                    values.append(int(parts[2]) / 1000.0)
            f.unlink()
    values.sort()
    return values


def run_pgbench(server: Server, s: Setup, name: str, clients: int) -> dict:
    """pgbench's unmeasured warm-up run, then its measured run with per-transaction logs."""
    cpu, warm_tx = 0.0, 0
    wal0 = server.wal()
    if s.warmup > 0:
        rc, out, _, c, _ = run_client(pgbench_cmd(server, s, clients, s.warmup), s.out / f"{name}-warmup.out",
                                      server.client_env)
        cpu += c
        done = PROCESSED.search(out)
        if rc != 0 or not done:
            return {"ok": False, "why": f"warm-up run exited {rc}: {out.strip()[-400:]}"}
        warm_tx = int(done.group(1))
    prefix = s.out / f"{name}-tx"
    rc, out, wall, c, pid = run_client(pgbench_cmd(server, s, clients, s.duration, ["-l", f"--log-prefix={prefix}"]),
                                       s.out / f"{name}.out", server.client_env)
    cpu += c
    wal1 = server.wal()
    lat = pgbench_latencies(prefix, pid, s.out / f"{name}-tx.log.gz")
    tps, done, failed = TPS.search(out), PROCESSED.search(out), FAILED.search(out)
    if rc != 0 or not tps or not done:
        return {"ok": False, "why": f"exited {rc}: {out.strip()[-400:]}"}
    n = int(done.group(1))
    return {**wal_per_tx(wal0, wal1, warm_tx + n), "ok": True, "tps": float(tps.group(1)), "transactions": n,
            "warmup_transactions": warm_tx, "failed": int(failed.group(1)) if failed else None,
            "p50_ms": percentile(lat, 0.50), "p99_ms": percentile(lat, 0.99), "max_ms": lat[-1] if lat else None,
            "logged": len(lat), "cpu_us_per_tx": c / n * 1e6 if n else None, "cpu_seconds": cpu, "wall_seconds": wall}


def benchlab_env() -> dict:
    """$BENCH_JVM_OPTS as the lab's JVM options when set; never a password in the environment."""
    env = dict(os.environ)
    if os.environ.get("BENCH_JVM_OPTS"):
        env["BENCHLAB_JVM_OPTS"] = os.environ["BENCH_JVM_OPTS"]
    env.pop("BENCHLAB_PASSWORD", None)
    return env


def measured_cpu_us(result: dict, sampler: CpuSampler, transactions: int | None) -> float | None:
    """The JVM's CPU per transaction over the result's measured window, from the /proc samples."""
    window = results.measured_window(result)
    if not window or not transactions:
        return None
    c0, c1 = sampler.at(window[0]), sampler.at(window[1])
    return (c1 - c0) / transactions * 1e6 if c0 is not None and c1 is not None else None


def run_benchlab(server: Server, s: Setup, name: str, clients: int) -> dict:
    """bin/lab run on the tables it loaded (no --init), the pgbench distribution."""
    result = s.out / f"{name}.json"
    cmd = [LAB, "run", *server.target(), "--backend", "external", "--distribution", "pgbench", "--scale", str(s.scale),
           "--clients", str(clients), "--duration", f"{s.duration}s", "--warmup", f"{s.warmup}s",
           "--driver", s.driver, "--quiet", "--output", str(result)]
    if s.seed is not None:
        cmd += ["--seed", str(s.seed)]
    wal0 = server.wal()
    rc, out, wall, cpu, sampler = run_client(cmd, s.out / f"{name}.out", benchlab_env(), sample=True)
    wal1 = server.wal()
    if not result.exists():
        return {"ok": False, "why": f"exited {rc}, no result: {out.strip()[-400:]}"}
    r = results.read(result)
    f = results.figures(r)
    res = {**f, **wal_per_tx(wal0, wal1, (f["transactions"] or 0) + f["warmup_transactions"]),
           "ok": rc == 0 and f["status"] == "ok", "exit": rc, "cpu_seconds": cpu, "wall_seconds": wall,
           "cpu_us_per_tx": measured_cpu_us(r, sampler, f["transactions"])}
    if not res["ok"]:
        res["why"] = f"exited {rc}, status {f['status']}: {out.strip()[-400:]}"
    return res


def load(server: Server, s: Setup) -> tuple[dict, dict]:
    """Both data sets, each once, after a checkpoint: pgbench -i (tables pgbench_*), then bin/runner init."""
    server.settle([])
    rc, out, wall, cpu, _ = run_client([str(server.bin / "pgbench"), "-i", "-s", str(s.scale), "-q"],
                                       s.out / "pgbench-init.out", server.client_env)
    done = re.search(r"^done in ([\d.]+) s", out, re.M)
    if rc != 0 or not done:
        raise RuntimeError(f"pgbench -i failed ({rc}):\n{out.strip()[-800:]}")
    pg = {"seconds": float(done.group(1)), "wall_seconds": wall, "cpu_seconds": cpu}
    server.settle([])
    rc, out, wall, cpu, _ = run_client([RUNNER, "init", *server.target(), "--scale", str(s.scale)],
                                       s.out / "benchlab-init.out", benchlab_env())
    loaded = re.search(r"^loaded scale \d+: (\d+) rows in ([\d.]+) s", out, re.M)
    if rc != 0 or not loaded:
        raise RuntimeError(f"bin/runner init failed ({rc}):\n{out.strip()[-800:]}")
    bl = {"seconds": float(loaded.group(2)), "rows": int(loaded.group(1)), "wall_seconds": wall, "cpu_seconds": cpu}
    return pg, bl


def run_cell(server: Server, s: Setup, profile: str, clients: int, repeat: int) -> dict[str, list[dict]]:
    """repeat pairs of runs, the side that goes first alternating; each side settled before its run."""
    run = {"pgbench": run_pgbench, "benchlab": run_benchlab}
    runs: dict[str, list[dict]] = {side: [] for side in SIDES}
    for rep in range(1, repeat + 1):
        for side in in_order(SIDES, rep):
            server.settle(settled_tables(side, s.tables == "benchlab"))
            runs[side].append(run[side](server, s, f"{side}-{profile}-c{clients}-r{rep}", clients))
    return runs


def summary(runs: list[dict]) -> dict:
    """One side's medians over its repeats, with the profile benchlab read back and its checks."""
    out = summarize(runs, KEYS)
    read_back = {r.get("profile_read_back") for r in runs} - {None}
    out["profile_read_back"] = read_back.pop() if len(read_back) == 1 else (sorted(read_back) or None)
    out["consistency_ok"] = None if any("consistency_ok" not in r for r in runs) else \
        all(r["consistency_ok"] for r in runs)
    return out
