"""How often lab compare cries wolf, and how often it finds a real slowdown: pairs of real runs.

  python3 -m bench.compare_calibration [--engines hsqldb,postgres] [--pairs 20] [--slow-pairs 10]
      [--rounds 5] [--duration 5] [--warmup 5|auto] [--cpus 1.0] [--slowdown 0.10] [--drop 30] [--port 55435]
      [--services-dir /tmp/benchlab-calibration-services] [--no-build] [--compare-args "..."] [--reuse]

For each engine, --pairs pairs of identical runs (same knobs and seed, full speed: no --rate), each
pair judged by `lab compare A B` at its default settings; a pair whose verdict says "regressed" is
a false alarm, and one that says "improved" a false verdict too. Then --slow-pairs pairs whose
second run has the database's CPU cut by --slowdown, which `lab compare` should call a regression
(exit 1: a metric regressed; the summary also says how often tps was the one): the detection rate.
The same runs are also judged two a side (pairs 1 and 2 as one comparison, 3 and 4 the next, ...),
where the spread between runs is measured, not taken.

Then it says whether lab compare's verdicts say only what the data show, each against its target:
A/A false alarms at most 1 in 20; the slow pairs' tps "regressed" in at least 9 of 10 (give a
--slowdown that takes --drop percent of tps, about 0.3 on PostgreSQL: the measured drop is printed
beside); no pair, slow or not, whose tps fell by --drop or more called "no change"; how often a tps
drop at least as large as the half-width of its interval (the noise column) was found; and how
often identical runs were shown to be "no change" rather than inconclusive.

The slowdown is made honestly, by a CPU limit and nothing the lab can see: every run's database
side lives in a cgroup of its own with a CPU quota of --cpus CPUs (1, as the docker backend's
default --db-cpus), and the slowed run's quota is (1 - --slowdown) of that. In-process HSQLDB: the
lab's whole JVM is the database side; PostgreSQL: the server (a .ci/services instance of its own
on --port, --services-dir), its clients outside the cgroup. Both cgroup v1 and v2 work; it needs
root. The measured slowdown (the mean tps of the slowed runs against their baselines) is printed
beside the detection rate.

HSQLDB: 4 clients at scale 4 (a scale below the client count measures the branch rows' locks,
not the engine); PostgreSQL: as .ci/services configures it (durable), 8 clients, scale 10, loaded
once, its tables vacuumed and a checkpoint taken before every run (as pgbench would). Both:
--rounds rounds of --duration s after a --warmup s warm-up (auto: the lab's default, which ends when
the client is warm). Results, each compare's output and
summary.json land in bench/out/compare_calibration/ (--reuse judges the results already there
again, without running).
"""
import json
import os
import shlex
import statistics
import subprocess
import sys

from .common import results
from .common.cgroup import Cgroup
from .common.compare import compare, side
from .common.core import LAB, bench_parser, build, die, options, out_dir, words
from .common.cpu import children
from .common.pairs import in_order
from .pgbench.server import Server, profiles

WORKLOAD = {
    "hsqldb": ["--engine", "hsqldb", "--clients", "4", "--scale", "4"],
    "postgres": ["--clients", "8", "--scale", "10"],   # the server's own options (--engine among them) come with it
}


def arguments(argv=None):
    ap = bench_parser(__spec__.name, __doc__)
    options(ap, engines=",".join(WORKLOAD), pairs=20, slow_pairs=10, rounds=5, duration=5)
    ap.add_argument("--warmup", default="5",
                    help="seconds of warm-up, or auto: the lab's own, until the client is warm (default 5)")
    ap.add_argument("--cpus", type=float, default=1.0, help="the database side's CPU limit; 0: none")
    options(ap, slowdown=0.10, port=55435, services_dir="/tmp/benchlab-calibration-services")
    ap.add_argument("--drop", type=float, default=30.0,
                    help="the tps drop, in percent, that must be found and never called no change")
    ap.add_argument("--compare-args", default="", help="options for lab compare (default: none, its defaults)")
    ap.add_argument("--reuse", action="store_true", help="judge the results in bench/out again, without running")
    options(ap, no_build=False)
    a = ap.parse_args(argv)
    if a.cpus <= 0 and a.slow_pairs > 0:
        die("a slowdown is a cut of the CPU limit: give --cpus, or --slow-pairs 0", 2)
    a.engines = words(a.engines, "--engines", WORKLOAD)
    if a.warmup != "auto" and not a.warmup.replace(".", "", 1).isdigit():
        die(f"--warmup takes seconds or auto, not {a.warmup!r}", 2)
    if os.geteuid() != 0 and not a.reuse:
        die("needs root (a cgroup CPU limit makes the slowdown)", 2)
    return a


class Runs:
    """One engine's runs: the lab's JVM (in-process) or the server in the cgroup, at a CPU limit each."""

    def __init__(self, a, engine: str, cgroup: Cgroup, server: Server | None):
        self.a, self.engine, self.cgroup, self.server = a, engine, cgroup, server

    def command(self, result, extra=()) -> list[str]:
        target = self.server.target() if self.server else []
        return [LAB, "run", "--quiet", "--output", str(result), *target, *WORKLOAD[self.engine], *extra]

    def run(self, result, cpus: float) -> None:
        """One lab run into result, the database side limited to cpus CPUs."""
        self.cgroup.limit(cpus)
        warmup = [] if self.a.warmup == "auto" else ["--warmup", f"{self.a.warmup}s"]
        cmd = self.command(result, ["--rounds", str(self.a.rounds), "--duration", f"{self.a.duration}s",
                                    *warmup, "--seed", "7"])
        if self.server is not None:
            # As pgbench would before its run: the tables vacuumed, then a checkpoint, so that no run
            # inherits the last one's dead rows or dirty pages.
            self.server.settle(["accounts", "tellers", "branches", "history"])
            proc = subprocess.run(cmd, capture_output=True, text=True)
        else:
            # The lab's JVM joins the cgroup before it starts: the in-process engine is the database side.
            proc = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=self.cgroup.joining())
        if proc.returncode != 0 or not result.exists():
            die(f"{self.engine} run failed ({proc.returncode}): {proc.stderr.strip()[-600:]}")

    def load(self) -> None:
        """The tables loaded once (a short run with --init), as pgbench -i once before its runs."""
        proc = subprocess.run(self.command(self.a.out / f"{self.engine}-load.json",
                                           ["--init", "--duration", "1s", "--warmup", "0s"]),
                              capture_output=True, text=True)
        if proc.returncode != 0:
            die(f"the load failed ({proc.returncode}): {proc.stderr.strip()[-600:]}")


def judged_pairs(a, runs: Runs | None, engine: str, kind: str, count: int, cpus_b: float, options) -> list[dict]:
    """count pairs (run unless runs is None), each judged by lab compare; kind 'slow' cuts b's CPU."""
    out = []
    for i in range(count):
        a_file, b_file = (a.out / f"{engine}-{kind}-{i:02d}-{x}.json" for x in "ab")
        if runs is not None:
            # The side that goes first alternates, so that drift on the machine falls on both alike.
            for path, cpus in in_order([(a_file, a.cpus), (b_file, cpus_b)], i + 1):
                runs.run(path, cpus)
        c = compare(a_file, b_file, options, a.out / f"{engine}-{kind}-{i:02d}.compare.txt")
        if c.exit not in (0, 1):
            die(f"lab compare {a_file} {b_file} exited {c.exit}: {c.text.strip()}")
        tps = [results.read(p)["figures"]["tps"] for p in (a_file, b_file)]
        row = c.table().get("tps")
        out.append({"pair": i, "tps_a": tps[0], "tps_b": tps[1], "verdicts": c.verdicts,
                    "tps_noise_percent": row.noise if row else None})
        print(f"  {engine} {kind} pair {i + 1:2d}/{count}: tps {tps[0]:9.1f} -> {tps[1]:9.1f}"
              f" ({100 * (tps[1] / tps[0] - 1):+5.1f}%)  "
              + ", ".join(f"{m} {v}" for m, v in c.verdicts.items() if v != "no change"), flush=True)
    return out


def two_a_side(a, engine: str, kind: str, count: int, options) -> list[dict]:
    """The same runs judged two a side: pairs 0 and 1 make one comparison, 2 and 3 the next."""
    out = []
    for i in range(0, count - 1, 2):
        files = {x: [a.out / f"{engine}-{kind}-{j:02d}-{x}.json" for j in (i, i + 1)] for x in "ab"}
        c = compare(side(files["a"]), side(files["b"]), options, a.out / f"{engine}-{kind}-{i:02d}+{i + 1:02d}.compare.txt")
        out.append({"pairs": [i, i + 1], "verdicts": c.verdicts})
    return out


def change(p: dict) -> float:
    """A pair's tps change in percent of its first run's."""
    return 100 * (p["tps_b"] / p["tps_a"] - 1)


def tps_is(p: dict, word: str) -> bool:
    return p["verdicts"].get("tps") == word


def summary(engine: str, same: list[dict], slow: list[dict], same2: list[dict], slow2: list[dict],
            drop: float = 30.0) -> dict:
    """What the pairs found: false alarms among identical runs, slowdowns found, the tps changes, and
    what the verdicts claimed of large drops and of drops as large as their interval."""
    def count(pairs: list[dict], word: str) -> int:
        return sum(any(v == word for v in p["verdicts"].values()) for p in pairs)

    def changes(pairs: list[dict]) -> list[float]:
        return [change(p) for p in pairs]
    dropped = [p for p in same + slow if change(p) <= -drop]
    # A drop at least as large as its interval's half-width: the t test alone would find it.
    beyond_noise = [p for p in same + slow if p.get("tps_noise_percent") is not None
                    and change(p) < 0 and -change(p) >= p["tps_noise_percent"]]
    return {"engine": engine, "aa_pairs": len(same), "aa_regressed": count(same, "regressed"),
            "aa_improved": count(same, "improved"), "aa_inconclusive": count(same, "inconclusive"),
            "aa_tps_change_sd_percent": statistics.stdev(changes(same)) if len(same) > 1 else None,
            "slow_pairs": len(slow), "slow_found": count(slow, "regressed"),
            "slow_found_by_tps": sum(p["verdicts"].get("tps") == "regressed" for p in slow),
            "slow_tps_change_mean_percent": statistics.mean(changes(slow)) if slow else None,
            "two_a_side_aa": len(same2), "two_a_side_aa_regressed": count(same2, "regressed"),
            "two_a_side_slow": len(slow2), "two_a_side_slow_found": count(slow2, "regressed"),
            "aa_tps_no_change": sum(tps_is(p, "no change") for p in same),
            "aa_tps_inconclusive": sum(tps_is(p, "inconclusive") for p in same),
            "drop_percent": drop, "dropped_pairs": len(dropped),
            "dropped_tps_no_change": sum(tps_is(p, "no change") for p in dropped),
            "beyond_noise_pairs": len(beyond_noise),
            "beyond_noise_tps_regressed": sum(tps_is(p, "regressed") for p in beyond_noise)}


def targets(s: dict, slowdown: float) -> list[str]:
    """Each target of the verdicts with its figure and whether it was met ("met", "NOT met", or
    "not judged" when no pair bore on it). The slow pairs are judged as run, whatever their tps
    measured (printed beside: the cut should take about --drop of it); the pairs that fell by --drop
    or more, slow or not, are those that must never be "no change"."""
    def judged(ok: bool | None) -> str:
        return "not judged" if ok is None else "met" if ok else "NOT met"
    drop, dropped = s["drop_percent"], s["dropped_pairs"]
    alarms, slow, found = s["aa_regressed"], s["slow_pairs"], s["slow_found_by_tps"]
    measured = s["slow_tps_change_mean_percent"]
    return [
        f"A/A false alarms {alarms} of {s['aa_pairs']} ({rate(alarms, s['aa_pairs'])}; at most 1 in 20:"
        f" {judged(None if not s['aa_pairs'] else 20 * alarms <= s['aa_pairs'])})",
        f"a {100 * slowdown:.0f}% CPU cut" + ("" if measured is None else f" ({measured:+.1f}% tps measured)")
        + f": tps regressed in {found} of {slow} pairs ({rate(found, slow)}; at least 9 in 10:"
        f" {judged(None if not slow else 10 * found >= 9 * slow)})",
        f"tps {drop:g}% or more lower: called no change in {s['dropped_tps_no_change']} of {dropped}"
        f" (none: {judged(None if not dropped else s['dropped_tps_no_change'] == 0)})",
        f"tps drops at least their interval's half-width: regressed in {s['beyond_noise_tps_regressed']}"
        f" of {s['beyond_noise_pairs']} ({rate(s['beyond_noise_tps_regressed'], s['beyond_noise_pairs'])})",
        f"A/A tps no change in {s['aa_tps_no_change']} of {s['aa_pairs']}, inconclusive in"
        f" {s['aa_tps_inconclusive']}",
    ]


def rate(k: int, n: int) -> str:
    return "n/a" if n == 0 else f"{100 * k / n:.0f}%"


def line(s: dict, slowdown: float) -> str:
    sd, slow = s["aa_tps_change_sd_percent"], s["slow_tps_change_mean_percent"]
    return (f"{s['engine']}: A/A false alarms (regressed) {s['aa_regressed']} of {s['aa_pairs']} pairs"
            f" (improved {s['aa_improved']}, inconclusive {s['aa_inconclusive']}"
            + ("" if sd is None else f"; tps change sd {sd:.1f}%") + f"); a {100 * slowdown:.0f}% CPU cut"
            + ("" if slow is None else f" ({slow:+.1f}% tps measured)")
            + f" found {s['slow_found']} of {s['slow_pairs']} (by tps {s['slow_found_by_tps']}); two runs a side:"
            f" false alarms {s['two_a_side_aa_regressed']} of {s['two_a_side_aa']}, slowdown found"
            f" {s['two_a_side_slow_found']} of {s['two_a_side_slow']}")


def measure(a, engine: str) -> dict:
    """An engine's same and slow pairs (run unless --reuse), judged one and two a side."""
    cgroup = None if a.reuse else Cgroup(f"benchlab-calibration-{engine}")
    server, runs = None, None
    options = shlex.split(a.compare_args)
    try:
        if engine == "postgres" and not a.reuse:
            server = Server(a.services_dir, a.port, profiles())
            server.start()
            for pid in [server.postmaster()] + children(server.postmaster()):
                cgroup.add(pid)
        if not a.reuse:
            runs = Runs(a, engine, cgroup, server)
            if server is not None:
                runs.load()
        same = judged_pairs(a, runs, engine, "same", a.pairs, a.cpus, options)
        slow = judged_pairs(a, runs, engine, "slow", a.slow_pairs, a.cpus * (1 - a.slowdown), options)
    except RuntimeError as e:
        die(str(e))
    finally:
        if server is not None:
            server.stop()
        if cgroup is not None:
            cgroup.remove()
    return summary(engine, same, slow, two_a_side(a, engine, "same", len(same), options),
                   two_a_side(a, engine, "slow", len(slow), options), a.drop)


def main(argv=None) -> int:
    a = arguments(argv)
    build(skip=a.no_build)
    a.out = out_dir("compare_calibration")
    found = [measure(a, engine) for engine in a.engines]
    (a.out / "summary.json").write_text(json.dumps(found, indent=2) + "\n")
    for s in found:
        print(line(s, a.slowdown))
        for t in targets(s, a.slowdown):
            print(f"  {s['engine']}: {t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
