"""An A/B harness: one runner option off and on, in alternated pairs, judged by lab compare.

A feature of the runner (a sink, a sampler) should cost next to nothing. One run here can be
10% off the next, more than such a feature costs, so the harness gives three views: each pair's
tps ratio (on / off) and their median, as a first look; lab compare on all the off runs against
all the on runs (the spread between runs measured, since each side has several), which gives the
verdict against the target; and what the feature's thread cost in CPU, which the noise in tps
cannot hide. What differs between the configurations (which option, which thread, what a run
must show) is a Feature.
"""
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import results
from .compare import Comparison, compare, side
from .core import RUNNER, die
from .cpu import CpuSampler
from .fmt import span
from .pairs import plan
from .stats import median

SIDES = ("off", "on")


@dataclass
class Run:
    """What one run gave: its result, the runner process's CPU seconds and its feature thread's."""
    result: dict
    path: Path
    cpu_seconds: float
    thread_seconds: float


@dataclass
class Feature:
    """One configuration of the harness."""
    name: str                                   # bench/out/<name>/, the table's title
    target: float                               # on/off tps at least this
    args: list[str]                             # both sides' runner options
    side_args: dict[str, list[str]]             # each side's own options
    thread: str | None = None                   # the feature's thread name prefix in /proc, if it has one
    compare_options: list[str] = field(default_factory=list)
    check: Callable[[str, dict], str | None] = lambda side, result: results.problem(result)
    columns: list[tuple[str, Callable[[Run], str]]] = field(default_factory=list)   # on-run figures per pair
    cpu: Callable[[Run], float] = lambda run: run.thread_seconds   # the feature's CPU seconds in an on run


def execute(cmd: list[str], thread: str | None) -> tuple[int, str, float, float]:
    """Runs the runner; its exit code, its output, its CPU seconds and the named thread's, read from /proc."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = CpuSampler(proc.pid, every=0.2, thread_prefix=thread)
    sampler.start()
    out, err = proc.communicate()
    sampler.stop()
    return proc.returncode, (err.strip() or out.strip()), sampler.last(), sampler.thread_seconds


class Harness:
    """Runs a Feature's pairs into out and judges them; execute and judge are the runner and lab compare."""

    def __init__(self, feature: Feature, out: Path, execute=execute, judge=compare):
        self.f, self.out, self.execute, self.judge = feature, out, execute, judge
        self.runs: dict[str, list[Run]] = {s: [] for s in SIDES}

    def command(self, pair: int, side: str) -> tuple[list[str], Path]:
        path = self.out / f"pair{pair}-{side}.json"
        return [RUNNER, "run", "--quiet", "--output", str(path), *self.f.args, *self.f.side_args[side]], path

    def run(self, pair: int, side: str) -> Run:
        cmd, path = self.command(pair, side)
        code, message, cpu, thread = self.execute(cmd, self.f.thread)
        if code != 0:
            die(f"run pair{pair}-{side} failed ({code}): {message}")
        result = results.read(path)
        why = self.f.check(side, result)
        if why:
            die(f"run pair{pair}-{side}: {why}")
        return Run(result, path, cpu, thread)

    def pairs(self, count: int) -> list[float]:
        """count pairs, the side that goes first alternating; prints a line per pair; the pairs' ratios."""
        print(f"{'pair':>4}  {'order':<7}  {'tps off':>10}  {'tps on':>10}  {'on/off':>7}"
              + "".join(f"  {h:>11}" for h, _ in self.f.columns) + f"  {'of process':>10}")
        ratios = []
        for pair, s in plan(SIDES, count):
            self.runs[s].append(self.run(pair, s))
            if len(self.runs["on"]) == len(self.runs["off"]) == pair:
                off, on = self.runs["off"][-1], self.runs["on"][-1]
                ratios.append(on.result["figures"]["tps"] / off.result["figures"]["tps"])
                order = "off/on" if pair % 2 else "on/off"
                print(f"{pair:>4}  {order:<7}  {off.result['figures']['tps']:>10.1f}  {on.result['figures']['tps']:>10.1f}"
                      f"  {ratios[-1]:>7.3f}" + "".join(f"  {cell(on):>11}" for _, cell in self.f.columns)
                      + f"  {100 * self.share(on):>9.3f}%", flush=True)
        return ratios

    def verdict(self, ratios: list[float]) -> tuple[bool, Comparison]:
        """lab compare, all off runs against all on runs; the target is met when tps did not regress
        by more than 1 - target (lab compare's --threshold), and not judged when too few rounds
        let lab compare tell (inconclusive)."""
        threshold = ["--threshold", f"{100 * (1 - self.f.target):g}"]
        c = self.judge(side(r.path for r in self.runs["off"]), side(r.path for r in self.runs["on"]),
                       [*threshold, *self.f.compare_options], self.out / "compare.txt")
        if c.exit not in (0, 1):
            die(f"lab compare refused the runs ({c.exit}): {c.text.strip()}")
        print(f"ratio on/off, a first look: median {median(ratios):.3f}x (pairs {span(ratios, '.3f')})")
        print(c.text.rstrip())
        tps = c.verdicts.get("tps", "not judged")
        met = tps in ("no change", "improved")
        print(f"target on/off tps >= {self.f.target}x (lab compare --threshold {threshold[1]}): "
              + ("met" if met else "NOT met" if tps == "regressed" else "not judged: more pairs needed")
              + f" (tps {tps})")
        return met, c

    def share(self, run: Run) -> float:
        """The feature's CPU as a share of its run's process."""
        return self.f.cpu(run) / run.cpu_seconds if run.cpu_seconds else 0.0

    def shares(self) -> list[float]:
        return [self.share(r) for r in self.runs["on"]]
