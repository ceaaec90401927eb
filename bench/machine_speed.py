"""How steady the machine's CPU is: a busy loop on every core, its work counted window by window.

  python3 -m bench.machine_speed [--seconds 150] [--window 10] [--procs CORES]

Runs --procs processes (one a core by default), each a busy loop counting blocks of 1,000 empty
iterations, for --seconds, and nothing of the lab. Prints each --window's work per process (blocks
a second, averaged over the window) and, per process, the slowest window over the fastest. On a
machine of its own that ratio is near 1; on a shared host it shows how far the CPU a process gets
moves from one window to the next, which no benchmark on the machine can be steadier than (a
capacity search's steps, for one). Run it with nothing else running. Needs no build.
"""
import multiprocessing
import os
import sys
import time

from .common.core import bench_parser, die, options


def spin(seconds: float) -> list[int]:
    """A busy loop for SECONDS: the blocks of 1,000 iterations done in each whole second."""
    counts = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start, n = time.perf_counter(), 0
        while time.perf_counter() - start < 1.0:
            for _ in range(1000):
                pass
            n += 1
        counts.append(n)
    return counts


def windows(counts: list[int], width: int) -> list[float]:
    """The mean of each whole run of WIDTH counts, in order; a last, shorter run is left out."""
    return [sum(counts[i:i + width]) / width for i in range(0, len(counts) - width + 1, width)]


def main(argv=None) -> int:
    ap = bench_parser(__spec__.name, __doc__, raw=True)
    options(ap, seconds=150, window=10, procs=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    if a.window < 1 or a.procs < 1 or a.seconds < 2 * a.window:
        die("--window and --procs at least 1, --seconds at least two windows", 2)
    print(f"{a.procs} busy loops for {a.seconds} s, windows of {a.window} s", flush=True)
    with multiprocessing.Pool(a.procs) as pool:
        runs = pool.map(spin, [a.seconds] * a.procs)
    ratios = []
    for i, counts in enumerate(runs):
        w = windows(counts, a.window)
        ratios.append(min(w) / max(w))
        print(f"loop {i}: " + " ".join(f"{v:,.0f}" for v in w))
        print(f"loop {i}: slowest window / fastest {ratios[-1]:.2f}  ({min(w):,.0f} to {max(w):,.0f} a second)")
    print(f"slowest / fastest, worst loop: {min(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
