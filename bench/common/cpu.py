"""CPU time of a running process (and of its threads) from /proc, sampled while it runs.

A bench that starts the runner itself reads its CPU from /proc/PID/stat (user + system, fields
14 and 15, after the command in parentheses) while the process lives: once it has been reaped
the figures are gone, so the sampler keeps the last values it saw (they only grow).
"""
import os
import threading
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def stat_fields(stat_text: str) -> list[str]:
    """The fields of a /proc stat line after the command (which may hold spaces and parentheses)."""
    return stat_text.rsplit(")", 1)[1].split()


def ticks(stat_text: str) -> int:
    """utime + stime of a /proc stat line, in clock ticks."""
    fields = stat_fields(stat_text)
    return int(fields[11]) + int(fields[12])


def thread_ticks(pid: int, prefix: str) -> int | None:
    """Clock ticks of the process's threads whose name starts with prefix, None if it has none."""
    found = None
    for task in Path(f"/proc/{pid}/task").iterdir():
        if (task / "comm").read_text().strip().startswith(prefix):
            found = (found or 0) + ticks((task / "stat").read_text())
    return found


class CpuSampler(threading.Thread):
    """CPU seconds of a running process against wall-clock time, every `every` seconds; with
    thread_prefix also the last seen CPU seconds of its threads of that name (a sink's writer)."""

    def __init__(self, pid: int, every: float = 0.05, thread_prefix: str | None = None):
        super().__init__(daemon=True)
        self.pid, self.every, self.thread_prefix = pid, every, thread_prefix
        self.samples: list[tuple[float, float]] = []
        self.thread_seconds = 0.0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                cpu = ticks(Path(f"/proc/{self.pid}/stat").read_text()) / TICK
            except (OSError, IndexError, ValueError):
                return   # the process ended: keep the last samples
            self.samples.append((time.time(), cpu))
            if self.thread_prefix:
                try:   # a thread that ended takes its ticks along: keep the most seen
                    self.thread_seconds = max(self.thread_seconds, (thread_ticks(self.pid, self.thread_prefix) or 0) / TICK)
                except (OSError, IndexError, ValueError):
                    pass   # a thread ended while the threads were read: the next sample reads them again
            self.done.wait(self.every)

    def stop(self) -> "CpuSampler":
        self.done.set()
        self.join()
        return self

    def last(self) -> float:
        """The process's CPU seconds as last seen."""
        return self.samples[-1][1] if self.samples else 0.0

    def at(self, t: float) -> float | None:
        """CPU seconds at wall-clock time t, interpolated; None outside the sampled span."""
        for (t0, c0), (t1, c1) in zip(self.samples, self.samples[1:]):
            if t0 <= t <= t1:
                return c0 + (c1 - c0) * ((t - t0) / (t1 - t0) if t1 > t0 else 0)
        return None


def children(pid: int) -> list[int]:
    """The processes whose parent is pid (a server's backends, to put into its cgroup)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat_fields(stat)[1]) == pid:
                found.append(int(entry.name))
    return found
