"""What a runner feature costs: tps with it on against off, in alternated pairs, judged by lab compare.

  python3 -m bench.overhead influx [--pairs 6] [--duration 10s] [--warmup 2s] [--clients 4]
      [--engine hsqldb] [--influx-url URL] [--influx-token-file FILE]
  python3 -m bench.overhead sampler --engine NAME --jdbc-url URL --user U --password-file FILE
      [--pairs 10] [--duration 10s] [--warmup 2s] [--clients 8] [--scale 8]

Two features, one harness (bench/common/ab.py): `bin/runner run` in pairs, one run with the
feature and one without, the side that goes first alternating; each pair's tps ratio (on / off)
and their median as a first look, then `lab compare` of all off runs against all on runs for the
verdict against the target (on/off at least 0.99x: lab compare --threshold 1), and the feature's
own CPU time as a share of the runner process's (read from /proc while it runs), which the noise
in tps cannot hide.

influx: the InfluxDB sink (--influx-url), its writer thread's CPU (benchlab-influx-writer). A run
must stream cleanly (no influx warning). InfluxDB: --influx-url or $INFLUX_URL, the token from
$INFLUX_TOKEN or --influx-token-file (as the runner takes them).

sampler: the server-stats sampler (--server-stats on: the database's counters every interval,
sessions by wait every 100 ms) against a real server, given as to `runner run`; for the
PostgreSQL of `.ci/services start`: source /tmp/benchlab-services/env, then --jdbc-url
"$BENCHLAB_PG_URL" --user "$BENCHLAB_PG_USER" --password-file "$BENCHLAB_PG_PASSWORD_FILE". The
data is loaded once at --scale. Its cost to the server is its statements (printed per second),
to the client its thread's CPU (the result's server_stats.sampler_cpu_seconds). Every run must
end ok with its accounting closure exact (the sampler's own commits are taken off).

Needs `make build` (bin/runner, bin/lab). Results land in bench/out/overhead-influx/ or
bench/out/overhead-sampler/. Exit 1 when the target is missed, or when lab compare had too few
rounds to judge it (each run is one round: give more --pairs).
"""
import os
import subprocess
import sys
import tempfile

from .common import results
from .common.ab import Feature, Harness, Run
from .common.core import RUNNER, bench_parser, build, die, options, out_dir
from .common.services import add_server_options, influx_url, server_target
from .common.stats import median

TARGET = 0.99


def influx(a) -> Feature:
    """The InfluxDB sink on one side; each on run must have streamed cleanly."""
    if not a.influx_url:
        die("give --influx-url URL or set INFLUX_URL (an InfluxDB 2.x; make stack starts one)", 2)
    if not a.influx_token_file and not os.environ.get("INFLUX_TOKEN"):
        die("set INFLUX_TOKEN or give --influx-token-file FILE", 2)
    on = ["--influx-url", a.influx_url, "--influx-spill-dir", tempfile.mkdtemp(prefix="overhead-influx-spill-")]
    if a.influx_token_file:
        on += ["--influx-token-file", a.influx_token_file]

    def check(side: str, r: dict) -> str | None:
        problems = results.warnings(r, "influx")
        if problems:
            return f"the sink did not stream cleanly ({', '.join(problems)}); is InfluxDB up?"
        return results.problem(r)
    print(f"overhead influx: {a.pairs} pairs, {a.engine}, {a.clients} clients, {a.duration} each, sink to {a.influx_url}")
    return Feature("overhead-influx", TARGET, ["--engine", a.engine, "--clients", a.clients, "--duration", a.duration,
                                               "--warmup", a.warmup], {"off": [], "on": on},
                   thread="benchlab-influx",   # the writer thread's name as /proc shows it (15 characters)
                   check=check, columns=[("writer CPU", lambda run: f"{run.thread_seconds:.2f}s")])


def sampler_seconds(run: Run) -> float:
    return run.result["server_stats"]["sampler_cpu_seconds"]


def sampler(a) -> Feature:
    """The server-stats sampler on one side, the data loaded once; an on run must have sampled to its end."""
    target = server_target(a)
    load = subprocess.run([RUNNER, "init", "--scale", a.scale, *target], capture_output=True, text=True)
    if load.returncode != 0:
        die(f"the load failed: {load.stderr.strip()}")

    def check(side: str, r: dict) -> str | None:
        if side == "on" and (r.get("server_stats") or {}).get("note"):
            return f"the sampler stopped: {r['server_stats']['note']}"
        return results.problem(r)

    def reads(run: Run) -> str:   # it reads from the warm-up's start, which its count includes, to the end
        r = run.result
        sampled = r['figures']['seconds'] + (r.get('warmup') or {}).get('seconds', 0)
        return f"{r['server_stats']['reads'] / sampled:.1f}"
    print(f"overhead sampler: {a.pairs} pairs, {a.engine} at {a.jdbc_url}, scale {a.scale}, {a.clients} clients,"
          f" {a.duration} each")
    return Feature("overhead-sampler", TARGET, [*target, "--scale", a.scale, "--clients", a.clients,
                                                "--duration", a.duration, "--warmup", a.warmup],
                   {"off": ["--server-stats", "off"], "on": ["--server-stats", "on"]},
                   compare_options=["--allow-differences"],   # server_stats is a knob: the one difference judged
                   check=check, columns=[("reads/s", reads), ("sampler CPU", lambda run: f"{sampler_seconds(run):.3f}s")],
                   cpu=sampler_seconds)


def arguments(argv=None):
    p = bench_parser(__spec__.name, __doc__)
    features = p.add_subparsers(dest="feature", required=True, metavar="{influx,sampler}")
    i = features.add_parser("influx", help="the InfluxDB sink (--influx-url)")
    options(i, pairs=6, clients="4", engine="hsqldb")
    i.add_argument("--influx-url", default=influx_url())
    i.add_argument("--influx-token-file")
    s = features.add_parser("sampler", help="the server-stats sampler (--server-stats on)")
    add_server_options(s)
    options(s, pairs=10, clients="8", scale="8")
    for f in (i, s):
        options(f, duration="10s", warmup="2s")
    a = p.parse_args(argv)
    if a.pairs < 2:
        die("--pairs at least 2 (lab compare measures the spread between the runs of a side)", 2)
    return a


def main(argv=None) -> int:
    a = arguments(argv)
    build()
    feature = {"influx": influx, "sampler": sampler}[a.feature](a)
    harness = Harness(feature, out_dir(feature.name, fresh=True))
    ratios = harness.pairs(a.pairs)
    met, _ = harness.verdict(ratios)
    shares = harness.shares()
    print(f"the feature's CPU: at most {100 * max(shares):.3f}% of the runner's CPU time"
          f" (median {100 * median(shares):.3f}%)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
