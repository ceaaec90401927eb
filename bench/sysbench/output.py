"""What sysbench 1.0 prints, read: its reports, tpcb.lua's counts, and the CPU of its measured phase.

sysbench 1.0 has no --warmup-time (1.1 has): the bench runs it for warm-up + measured seconds
with --report-checkpoints=WARMUP, which prints a full report at the end of the warm-up and resets
every counter. So the last report is the measured phase's, and the moment the checkpoint's line
arrives is where that phase begins; it ends as the process does.
"""
import re

from ..common.cpu import CpuSampler

CHECKPOINT = re.compile(r"^\[ \d+s \] Checkpoint report:", re.M)
TRANSACTIONS = re.compile(r"^\s*transactions:\s+(\d+)\s+\(([\d.]+) per sec\.\)", re.M)
IGNORED = re.compile(r"^\s*ignored errors:\s+(\d+)", re.M)
PERCENTILE = re.compile(r"^\s*(\d+)th percentile:\s+([\d.]+)", re.M)
SECONDS = re.compile(r"^\s*execution time \(avg/stddev\):\s+([\d.]+)/", re.M)
# Not anchored to a line: a sysbench whose threads' lines ran together is still read whole.
THREAD = re.compile(r"tpcb thread \d+ committed (\d+) retried (\d+) failed (\d+)")
FATAL = re.compile(r"^FATAL: .*$", re.M)


def measured_report(text: str) -> str:
    """The text of the last report: after the checkpoint's (the warm-up's) when there is one."""
    checkpoints = list(CHECKPOINT.finditer(text))
    reports = (text[checkpoints[-1].end():] if checkpoints else text).split("SQL statistics:")[1:]
    # After a checkpoint line come its own report (the warm-up's), then the final one.
    return reports[-1] if len(reports) > (1 if checkpoints else 0) else ""


def report(text: str) -> dict | None:
    """The measured phase's figures from sysbench's output; None when it has no final report."""
    last = measured_report(text)
    tx = TRANSACTIONS.search(last)
    if not tx:
        return None
    ignored, pct, seconds = IGNORED.search(last), PERCENTILE.search(last), SECONDS.search(last)
    return {"transactions": int(tx.group(1)), "tps": float(tx.group(2)),
            "ignored_errors": int(ignored.group(1)) if ignored else None,
            "p99_ms": float(pct.group(2)) if pct and pct.group(1) == "99" else None,
            "seconds": float(seconds.group(1)) if seconds else None}


def thread_counts(text: str) -> dict | None:
    """tpcb.lua's counts over the whole run (warm-up included), summed over its threads; None without any."""
    found = THREAD.findall(text)
    if not found:
        return None
    return {k: sum(int(t[i]) for t in found) for i, k in enumerate(("committed", "retried", "failed"))}


def why(text: str, code: int) -> str:
    """A failed run's reason in one line: sysbench's first FATAL line, else its last line."""
    fatal = FATAL.search(text)
    last = text.strip().splitlines()[-1] if text.strip() else "no output"
    return f"exited {code}: {fatal.group(0) if fatal else last}"


def measured_cpu_us(sampler: CpuSampler, start: float, cpu_at_exit: float, transactions: int | None) -> float | None:
    """The process's CPU per measured transaction (us): its CPU at exit (getrusage of the reaped
    process) less what the /proc samples say it had used at start (wall-clock), the checkpoint.
    sysbench exits within milliseconds of its measured phase's end, where the last sample may not
    reach; None when start is outside the samples or nothing committed."""
    before = sampler.at(start)
    if not transactions or before is None:
        return None
    return (cpu_at_exit - before) / transactions * 1e6
