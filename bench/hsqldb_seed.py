"""The HSQLDB seed configuration, measured, and set against the HSQLDB authors' TestBench.

  python3 -m bench.hsqldb_seed [--rounds 5] [--tpc 8000] [--scale 40] [--clients 4] [--warmup 2s]

1. benchlab: in-memory MVCC, scale 40, 4 clients x 8000 transactions, 5 rounds.
2. benchlab again with --rate at half the measured peak (the counted round's tps).
3. TestBench (org.hsqldb.test.TestBench) with the same settings, when a copy is present: once
   as its authors run it (the JVM's default options) and once with benchlab's JVM options.

TestBench is not shipped with HSQLDB's Maven artifacts and its source is not part of this
repository. Point $TESTBENCH_HOME at a folder holding either classes/org/hsqldb/test/TestBench.class
or src/org/hsqldb/test/TestBench.java (default ~/.cache/benchlab/yardstick); without it the
bench prints benchlab's figures alone and says the yardstick is missing.

benchlab runs with $BENCH_JVM_OPTS (default: its launcher's bin/jvm-options). TestBench runs
twice, with the JVM's defaults and with the same options as benchlab, so one ratio compares the
tools as shipped and the other the programs alone. Results land in bench/out/hsqldb_seed/.
"""
import glob
import os
import re
import subprocess
import sys
from pathlib import Path

from .common import results
from .common.core import ROOT, RUNNER, bench_parser, build, die, options, out_dir
from .common.fmt import mib
from .common.stats import median

JVM_OPTS = os.environ.get("BENCH_JVM_OPTS", " ".join(
    line for line in (ROOT / "bin" / "jvm-options").read_text().splitlines() if not line.startswith("#"))).split()


def run_benchlab(out: Path, name: str, args: list[str]) -> dict:
    result = out / f"{name}.json"
    cmd = [RUNNER, "run", "--engine", "hsqldb", "--quiet", "--output", str(result)] + args
    proc = subprocess.run(cmd, env=dict(os.environ, BENCHLAB_JVM_OPTS=" ".join(JVM_OPTS)), capture_output=True, text=True)
    if proc.returncode != 0:
        die(f"benchlab run failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}")
    return results.read(result)


def testbench_classpath() -> tuple[str | None, str | None]:
    """TestBench's classpath (compiled from its source when needed), or None and why not."""
    home = Path(os.environ.get("TESTBENCH_HOME", Path.home() / ".cache" / "benchlab" / "yardstick"))
    hsqldb = sorted(glob.glob(str(ROOT / "runner" / "target" / "lib" / "hsqldb-*.jar")))
    if not hsqldb:
        return None, "hsqldb jar not found; run make build"
    classes = home / "classes"
    source = home / "src" / "org" / "hsqldb" / "test" / "TestBench.java"
    if not (classes / "org" / "hsqldb" / "test" / "TestBench.class").exists():
        if not source.exists():
            return None, f"no TestBench under {home} (set TESTBENCH_HOME)"
        classes.mkdir(parents=True, exist_ok=True)
        subprocess.run(["javac", "--release", "17", "-nowarn", "-cp", hsqldb[0], "-d", str(classes), str(source)],
                       check=True, capture_output=True)
    return f"{classes}:{hsqldb[0]}", None


def run_testbench(out: Path, classpath: str, a, jvm_opts: list[str], name: str):
    """TestBench's init seconds, its rounds (heap max and min used, failed, tps), and whether its sums matched."""
    cmd = ["java"] + jvm_opts + ["-cp", classpath, "org.hsqldb.test.TestBench",
                                 "-driver", "org.hsqldb.jdbc.JDBCDriver",
                                 "-url", "jdbc:hsqldb:mem:testbench;hsqldb.tx=mvcc", "-user", "SA", "-password", "",
                                 "-clients", str(a.clients), "-tpc", str(a.tpc), "-tps", str(a.scale),
                                 "-rounds", str(a.rounds)]
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    (out / f"{name}.log").write_text(text)
    init = float(re.search(r"done\. in ([\d.]+) seconds", text).group(1))
    rounds = [(int(mx) * 1024, int(mn) * 1024, int(failed), float(rate))
              for mx, mn, failed, rate in re.findall(r"^(\d+);(\d+);(\d+);([\d.E]+)$", text, re.M)]
    return init, rounds, text.count("sums match!") >= 2 and "sums don't match" not in text


def row(label: str, ours: float, theirs, spec: str = ".1f") -> None:
    """A figure of benchlab's beside each yardstick's, with benchlab's over it."""
    line = f"{label:28}{ours:>12{spec}}"
    for t in theirs:
        line += f"{format(t, spec) if t is not None else '-':>14}{(f'{ours / t:.2f}x' if t else ''):>7}"
    print(line)


def report(peak: dict, yardsticks: dict) -> None:
    """The counted run beside TestBench's, round by round and in all."""
    peak_rounds = [r["figures"]["tps"] for r in peak["rounds"]]
    rates = {n: [r[3] for r in tb[1]] for n, tb in yardsticks.items()}
    print(f"\n{'':28}{'benchlab':>12}" + "".join(f"{n:>14}{'ratio':>7}" for n in yardsticks))
    for i, ours in enumerate(peak_rounds):
        row(f"round {i + 1} tps", ours, [r[i] if i < len(r) else None for r in rates.values()])
    row("median round tps", median(peak_rounds), [median(r) for r in rates.values()])
    row("best round tps", max(peak_rounds), [max(r) for r in rates.values()])
    row("init (load) seconds", peak["load"]["seconds"], [tb[0] for tb in yardsticks.values()], ".2f")
    # TestBench samples the heap's "used" (garbage included); benchlab reports the heap live after
    # collections and the resident peak, so the figures sit side by side without a ratio.
    none = [None for _ in yardsticks]
    row("heap live max MiB (benchlab)", max(r["figures"]["memory"]["heap_live_max_bytes"] for r in peak["rounds"])
        / 2 ** 20, none, ".0f")
    row("resident peak MiB (benchlab)", max(r["figures"]["memory"].get("rss_peak_bytes", 0) for r in peak["rounds"])
        / 2 ** 20, none, ".0f")
    for n, tb in yardsticks.items():
        print(f"{n} heap used max/min MiB (all rounds): {max(x[0] for x in tb[1]) / 2 ** 20:.0f} / "
              f"{min(x[1] for x in tb[1]) / 2 ** 20:.0f}")
    print(f"{'failed (all rounds)':28}{sum(r['figures']['failed'] for r in peak['rounds']):>12}"
          + "".join(f"{sum(x[2] for x in tb[1]):>14}{'':>7}" for tb in yardsticks.values()))
    print(f"{'sums match':28}{str(peak['consistency']['ok']):>12}"
          + "".join(f"{str(tb[2]):>14}{'':>7}" for tb in yardsticks.values()))
    f = peak["figures"]
    print(f"benchlab counted round: tps {f['tps']:.1f}, latency p50 {f['latency']['p50_ms']:.3f} ms, "
          f"p99 {f['latency']['p99_ms']:.3f} ms, max {f['latency']['max_ms']:.3f} ms")
    for n, tb in yardsticks.items():
        print(f"targets vs {n}: tps >= 1.20x (median round {median(peak_rounds) / median(rates[n]):.2f}x), "
              f"init <= 0.50x ({peak['load']['seconds'] / tb[0]:.2f}x)")


def paced_line(paced: dict, half: float) -> str:
    pf = paced["figures"]
    return (f"--rate {half} (half the counted peak): achieved {pf['tps']:.1f} tps "
            f"({pf['tps'] / half:.3f} of target), p50 {pf['latency']['p50_ms']:.3f} ms, "
            f"p99 {pf['latency']['p99_ms']:.3f} ms, max {pf['latency']['max_ms']:.3f} ms, "
            f"heap live max {mib(pf['memory']['heap_live_max_bytes'])}, "
            f"resident peak {mib(pf['memory'].get('rss_peak_bytes', 0))}, "
            f"failed {pf['failed']}, check {'ok' if paced['consistency']['ok'] else 'FAILED'}")


def main(argv=None) -> int:
    p = bench_parser(__spec__.name, __doc__)
    options(p, scale=40, clients=4, tpc=8000, rounds=5, warmup="2s")
    a = p.parse_args(argv)
    build()
    out = out_dir("hsqldb_seed")
    knobs = ["--scale", str(a.scale), "--clients", str(a.clients), "--transactions-per-client", str(a.tpc),
             "--rounds", str(a.rounds), "--warmup", a.warmup, "--seed", "1"]
    print(f"seed configuration: in-memory MVCC, scale {a.scale}, {a.clients} clients x {a.tpc} tx, "
          f"{a.rounds} rounds; JVM options: {' '.join(JVM_OPTS)}")
    peak = run_benchlab(out, "benchlab-peak", knobs + ["--init"])
    half = round(peak["figures"]["tps"] / 2, 1)
    paced = run_benchlab(out, "benchlab-rate", knobs + ["--init", "--rate", str(half)])
    cp, why = testbench_classpath()
    yardsticks = {}
    if cp:
        yardsticks["TestBench"] = run_testbench(out, cp, a, [], "testbench-default-jvm")
        yardsticks["TB same JVM"] = run_testbench(out, cp, a, JVM_OPTS, "testbench-same-jvm")
    report(peak, yardsticks)
    print(f"\n{paced_line(paced, half)}")
    if not yardsticks:
        print(f"\nTestBench yardstick not run: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
