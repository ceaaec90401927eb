"""What pgbench and benchlab are given alike, wherever they run: the tables, the command, the figures.

pgbench -i leaves the filler of its branches and tellers NULL (rows of 32-36 bytes), where
TPC-B's rows, and benchlab's, are 100 bytes: the ten contended branch rows then fill their pages
with dead versions about four times as fast. So by default pgbench runs its own tpcb-like
transaction (pgbench --show-script=tpcb-like) on benchlab's tables, and both drive the same
rows; --tables own runs the builtin on pgbench's tables instead.
"""
import re
from dataclasses import dataclass
from pathlib import Path

from ..common.core import counts, die, words
from ..common.stats import median
from .server import is_test_servers

TABLES = {"benchlab": "benchlab's tables", "own": "its own tables"}
SIDES = ("pgbench", "benchlab")
TPS = re.compile(r"^tps = ([\d.]+) \(without initial connection time\)", re.M)
PROCESSED = re.compile(r"^number of transactions actually processed: (\d+)", re.M)
FAILED = re.compile(r"^number of failed transactions: (\d+)", re.M)


@dataclass
class Setup:
    """What every run of a bench shares, on the same box or on a cluster."""
    out: Path
    scale: int
    duration: int
    warmup: int
    driver: str = "vertx"
    tables: str = "benchlab"
    script: Path | None = None    # same box: pgbench's tpcb-like on benchlab's tables, made with the server's pgbench
    seed: int | None = None       # same box: one seed for every run of both sides (identical runs, as lab rerun makes)
    profiler: str | None = None   # cluster: async-profiler's library to load into benchlab's runs


def add_tables_option(parser) -> None:
    parser.add_argument("--tables", default="benchlab", choices=tuple(TABLES),
                        help="the tables pgbench runs on: benchlab's (default) or its own of pgbench -i")


def add_driver_option(parser) -> None:
    parser.add_argument("--driver", default="vertx", choices=("jdbc", "vertx"),
                        help="benchlab's --driver: vertx (default, as the runner's on PostgreSQL) or jdbc")


def settled_tables(side: str, on_benchlab_tables: bool) -> list[str]:
    """The tables a side's run updates in place, vacuumed before it (as pgbench would do itself)."""
    if side == "pgbench" and not on_benchlab_tables:
        return ["pgbench_branches", "pgbench_tellers"]
    return ["branches", "tellers"]


def on_benchlab_tables(shown_script: str) -> str:
    """pgbench's builtin script, as --show-script prints it, on benchlab's tables (comments dropped)."""
    return "".join(line + "\n" for line in shown_script.replace("pgbench_", "").splitlines()
                   if not line.startswith("--"))


def pgbench_run(clients: int, seconds: int) -> list[str]:
    """pgbench's options for a run: no vacuum, prepared statements, 2 threads (capped at clients by pgbench)."""
    return ["-n", "-M", "prepared", "-j", "2", "-c", str(clients), "-T", str(seconds)]


def summarize(runs: list[dict], keys) -> dict:
    """One side's medians over its repeats that ended ok; ok only if every repeat did."""
    out = {k: median(r.get(k) for r in runs if r["ok"]) for k in keys}
    out["ok"] = all(r["ok"] for r in runs)
    out["why"] = "; ".join(r["why"] for r in runs if not r["ok"] and r.get("why"))
    return out


def check_cells(a, known) -> None:
    """The options both peer benches take, defaulted and checked in place: a bad one exits 2 with one line."""
    a.repeat = a.repeat if a.repeat is not None else 1 if a.quick else 3
    a.clients = counts(a.clients, "--clients")
    a.profiles = words(a.profiles, "--profiles", known)
    if a.scale < 1 or a.duration < 1 or a.warmup < 0 or a.repeat < 1:
        die("scale, duration and repeat at least 1, warm-up at least 0", 2)
    if is_test_servers(a.services_dir):
        die(f"--services-dir {a.services_dir} is the test servers' state dir; use another", 2)
