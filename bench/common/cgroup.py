"""A CPU-limited cgroup, as a container's or a pod's CPU limit is enforced (needs root).

cgroup v2's cpu.max where the machine has the cpu controller there, else v1's cpu controller
(cpu.cfs_quota_us). A bench puts a process in before it execs (joining), so that what it
measures runs under the limit from its first instruction.
"""
import os
from pathlib import Path

PERIOD_US = 100_000
V2 = Path("/sys/fs/cgroup")


class Cgroup:
    def __init__(self, name: str):
        controllers = V2 / "cgroup.controllers"
        self.v2 = controllers.exists() and "cpu" in controllers.read_text().split()
        if self.v2:
            subtree = V2 / "cgroup.subtree_control"
            if "cpu" not in subtree.read_text().split():
                subtree.write_text("+cpu")
            self.path = V2 / name
        else:
            self.path = V2 / "cpu" / name
        self.path.mkdir(exist_ok=True)
        self.procs = self.path / "cgroup.procs"

    def limit(self, cpus: float) -> "Cgroup":
        """cpus CPUs a period; 0 or less: no limit."""
        quota = int(cpus * PERIOD_US) if cpus > 0 else -1
        if self.v2:
            (self.path / "cpu.max").write_text(f"{quota if quota > 0 else 'max'} {PERIOD_US}")
        else:
            (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))
        return self

    def add(self, pid: int) -> None:
        self.procs.write_text(str(pid))

    def joining(self):
        """For Popen's preexec_fn: the child joins the cgroup before it execs."""
        return lambda: self.add(os.getpid())

    def remove(self) -> None:
        """Moves what is left in it to the parent, then removes it."""
        parent = self.path.parent / "cgroup.procs"
        for pid in self.procs.read_text().split():
            try:
                parent.write_text(pid)
            except OSError:
                pass
        try:
            self.path.rmdir()
        except OSError:
            pass
