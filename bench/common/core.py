"""Where the checkout is, the lab's two commands, a bench's output folder, and one way to stop."""
import argparse
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[2]
LAB = str(ROOT / "bin" / "lab")
RUNNER = str(ROOT / "bin" / "runner")


def name() -> str:
    """The running bench's name as its command gives it (python3 -m bench.<name>)."""
    return Path(sys.argv[0]).stem


def bench_parser(module: str, doc: str, raw: bool = False) -> argparse.ArgumentParser:
    """A bench's parser: its command as usage, the first line of its docstring (or, raw, all of it)
    as its description. module is the bench's __spec__.name."""
    if raw:
        return argparse.ArgumentParser(prog=f"python3 -m {module}", description=doc,
                                       formatter_class=argparse.RawDescriptionHelpFormatter)
    return argparse.ArgumentParser(prog=f"python3 -m {module}", description=doc.splitlines()[0])


def options(p: argparse.ArgumentParser, **defaults) -> None:
    """Options that are only a default: --name (underscores as dashes) of the default's type; False
    makes a flag. One call a bench rather than a line an option."""
    for name, default in defaults.items():
        flag = "--" + name.replace("_", "-")
        if default is False:
            p.add_argument(flag, action="store_true")
        else:
            p.add_argument(flag, type=type(default), default=default, help=f"(default {default})")


def die(message: str, code: int = 1) -> NoReturn:
    """One line on stderr, prefixed with the bench's name; 2 for bad input, 1 for a failed run."""
    print(f"{name()}: {message}", file=sys.stderr)
    sys.exit(code)


def log(message: str) -> None:
    """A progress line with the time of day, flushed: a long bench's output is read as it runs."""
    print(f"{datetime.now():%H:%M:%S} {message}", flush=True)


def out_dir(bench: str, fresh: bool = False) -> Path:
    """bench/out/<bench>/, emptied first when fresh (a bench whose summary must hold this run alone)."""
    path = ROOT / "bench" / "out" / bench
    if fresh and path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def build(skip: bool = False) -> None:
    """make build before a bench runs the lab: a no-op when the build is current, a fresh clone gets
    built. $BENCHLAB_TARGET (bin/launch) names a build of your own, used as it is."""
    if os.environ.get("BENCHLAB_TARGET"):
        print(f"using the build in */{os.environ['BENCHLAB_TARGET']}/ (BENCHLAB_TARGET), not make build")
    elif not skip and subprocess.run(["make", "-s", "-C", str(ROOT), "build"]).returncode != 0:
        die("make build failed")


def counts(text: str, option: str) -> list[int]:
    """A comma-separated list of whole numbers of at least 1 (--clients 1,8,32), or exit 2."""
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        die(f"{option}: not a list of numbers: {text}", 2)
    if not values or min(values) < 1:
        die(f"{option}: give numbers of at least 1, not {text!r}", 2)
    return values


def words(text: str, option: str, allowed) -> list[str]:
    """A comma-separated list of names, each one of allowed (--profiles durable,relaxed), or exit 2."""
    values = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in values if x not in allowed]
    if unknown or not values:
        die(f"{option} takes {', '.join(allowed)}, not {', '.join(unknown) or 'nothing'}", 2)
    return values


def lab(*args: str, input: str | None = None) -> str:
    """bin/lab's output; RuntimeError with its own one-line message when it refuses."""
    proc = subprocess.run([LAB, *args], input=input, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError((proc.stderr or proc.stdout).strip() or f"lab {args[0]}: exit {proc.returncode}")
    return proc.stdout
