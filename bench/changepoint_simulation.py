"""lab history's change points on simulated nightly tps, beside Apache Otava's on the same nights.

  python3 -m bench.changepoint_simulation [--series 200] [--nights 60] [--rounds 5] [--cv 0.03]
      [--step -0.05] [--p-value 0.001] [--seed 1] [--no-otava] [--no-build]

The series are drawn by the lab's own code (lab/src/test/.../history/ChangePointSimulation.java,
which judges them with the EDivisive class lab history runs): --series series of --nights nights
with a step of --step at a night drawn between 20 and 50, and as many without one (A/A), each night
--rounds rounds. Three kinds of noise, each at CV --cv:
  round  every round its own draw: what the rounds of one night add over one value a night;
  night  one draw for the whole night, its rounds alike: the rounds add nothing (the worst case);
  one    one round a night: the method with what Otava has.
For each it prints: the share of step series where a change point lies within one night of the
step, the median delay (nights after the step's night until a history ending there shows it; 0:
on the step's night), and change points per 100 A/A nights.

Otava (PyPI apache-otava 0.8.0, window 50, the same p-value) judges the same series with one value
a night, the night's first round, and also with the night's mean of its rounds; it is installed in
~/.cache/benchlab/otava-venv when missing (--no-otava skips it). Output and the series land in
bench/out/changepoint_simulation/.
"""
import json
import subprocess
import sys
from pathlib import Path

from .common.core import ROOT, bench_parser, build, options, out_dir

OTAVA_VENV = Path.home() / ".cache" / "benchlab" / "otava-venv"
OTAVA_VERSION = "0.8.0"
NOISES = ("round", "night", "one")


def build_simulation(skip: bool) -> None:
    """The lab's build and its test classes, where ChangePointSimulation lives."""
    build(skip)
    if not skip:
        subprocess.run(["mvn", "-B", "-q", "--no-transfer-progress", "-pl", "lab", "test-compile"], cwd=ROOT, check=True)


def simulate(args, noise, step, seed, csv_out):
    rounds = 1 if noise == "one" else args.rounds
    kind = "round" if noise == "one" else noise
    cp = ":".join(str(ROOT / p) for p in ("lab/target/test-classes", "lab/target/classes", "lab/target/lib/*"))
    out = subprocess.run(["java", "-cp", cp, "io.benchlab.lab.history.ChangePointSimulation", str(args.series),
                          str(args.nights), str(rounds), str(args.cv), str(step), kind, str(seed), str(args.p_value),
                          str(csv_out)], check=True, capture_output=True, text=True).stdout
    return out.strip()


def otava_python():
    python = OTAVA_VENV / "bin" / "python"
    probe = [str(python), "-c", "import otava, importlib.metadata as m; print(m.version('apache-otava'))"]
    if python.exists() and subprocess.run(probe, capture_output=True, text=True).stdout.strip() == OTAVA_VERSION:
        return python
    subprocess.run([sys.executable, "-m", "venv", str(OTAVA_VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", f"apache-otava=={OTAVA_VERSION}"], check=True)
    return python


# Runs inside Otava's venv: reads the series CSV, prints found / delays / false change points as JSON.
OTAVA_JUDGE = r"""
import csv, json, sys, statistics
from otava.analysis import compute_change_points
path, column, p_value = sys.argv[1], sys.argv[2], float(sys.argv[3])
series = {}
for row in csv.DictReader(open(path)):
    series.setdefault(int(row["series"]), (int(row["step_at"]), []))[1].append(float(row[column]))
def points(values):
    return [int(c.index) for c in compute_change_points(values, window_len=50, max_pvalue=p_value)[0]]
found1 = found2 = false = nights = 0
delays = []
for at, values in series.values():
    cps = points(values)
    nights += len(values)
    if at < 0:
        false += len(cps)
        continue
    found1 += any(abs(c - at) <= 1 for c in cps)
    found2 += any(abs(c - at) <= 2 for c in cps)
    false += sum(abs(c - at) > 1 for c in cps)
    delay = None
    for end in range(at + 1, len(values) + 1):
        if end >= 4 and any(abs(c - at) <= 1 for c in points(values[:end])):
            delay = end - 1 - at
            break
    delays.append(10**9 if delay is None else delay)
steps = sum(1 for at, _ in series.values() if at >= 0)
print(json.dumps({"series": steps, "found1": int(found1), "found2": int(found2), "nights": nights, "false": int(false),
                  "median_delay": statistics.median_low(delays) if delays else None}))
"""


def otava(python, csv_path, column, p_value):
    out = subprocess.run([str(python), "-c", OTAVA_JUDGE, str(csv_path), column, str(p_value)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main(argv=None) -> int:
    ap = bench_parser(__spec__.name, __doc__)
    options(ap, series=200, nights=60, rounds=5, cv=0.03, step=-0.05, p_value=0.001, seed=1, no_otava=False,
            no_build=False)
    args = ap.parse_args(argv)
    build_simulation(args.no_build)
    out = out_dir("changepoint_simulation")
    lines = []
    for noise in NOISES:
        for step, seed, name in ((args.step, args.seed, "step"), (0.0, args.seed + 1, "aa")):
            csv_path = out / f"{noise}-{name}.csv"
            lines.append(f"[{noise} noise] " + simulate(args, noise, step, seed, csv_path).replace("\n", f"\n[{noise} noise] "))
    if not args.no_otava:
        python = otava_python()
        for noise, column in (("round", "first_round"), ("round", "night_mean"), ("night", "first_round")):
            s = otava(python, out / f"{noise}-step.csv", column, args.p_value)
            a = otava(python, out / f"{noise}-aa.csv", column, args.p_value)
            value = "one round a night" if column == "first_round" else "the night's mean"
            lines.append(f"[{noise} noise] otava {OTAVA_VERSION} ({value}, window 50, p {args.p_value}): found within"
                         f" +-1 night {100 * s['found1'] / s['series']:.1f}%, within +-2 {100 * s['found2'] / s['series']:.1f}%,"
                         f" median delay {s['median_delay'] if s['median_delay'] < 10**9 else 'never'} nights,"
                         f" A/A change points per 100 nights {100 * a['false'] / a['nights']:.3f}")
    text = "\n".join(lines)
    print(text)
    (out / "summary.txt").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
