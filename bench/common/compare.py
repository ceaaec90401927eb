"""`lab compare`'s verdicts for the benches that judge two sides of benchlab runs.

The lab's comparison (rounds as samples, the spread between runs measured with two runs or more
a side, Student's t and Mann-Whitney U) is the verdict a user gets; a bench that judged by a
median ratio of its own would hold a second, weaker rule. The bench may still print its ratio.
"""
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .core import LAB

METRICS = ("tps", "p50 ms", "p95 ms", "p99 ms", "failures %")
VERDICTS = ("improved", "regressed", "no change", "inconclusive")
# metric, baseline, value, change, noise, p, verdict (an inconclusive one followed by what would tell).
ROW = re.compile(rf"^({'|'.join(re.escape(m) for m in METRICS)})\s+(\S+)\s+(\S+)\s+(\S+(?: pp)?)"
                 rf"\s+(\S+(?: pp)?)\s+(\S+)\s+({'|'.join(VERDICTS)})(?:: (.*))?$")


@dataclass
class Row:
    change: float | None   # percent of the baseline (points for failures); None: n/a or new
    noise: float | None    # half the confidence interval, in the change's unit; None: n/a
    verdict: str
    tell: str | None       # an inconclusive verdict's "about 6 runs a side"


@dataclass
class Comparison:
    exit: int                  # 0 no regression, 1 a metric regressed, 2 refused
    verdicts: dict[str, str]   # metric -> verdict, as the table's last column says
    text: str                  # what lab compare printed

    def regressed(self) -> list[str]:
        return [m for m, v in self.verdicts.items() if v == "regressed"]

    def table(self) -> dict[str, Row]:
        """Each metric's row: change, noise, verdict."""
        return rows(self.text)


def verdicts(text: str) -> dict[str, str]:
    """The verdict of each metric in lab compare's table."""
    return {metric: r.verdict for metric, r in rows(text).items()}


def rows(text: str) -> dict[str, Row]:
    """Each metric's change, noise and verdict in lab compare's (last) table."""
    return {m.group(1): Row(number(m.group(4)), number(m.group(5)), m.group(7), m.group(8))
            for line in text.splitlines() if (m := ROW.match(line))}


def number(cell: str) -> float | None:
    """A change or noise cell as a number: "-33.1%" -33.1, "±0.25 pp" 0.25, "n/a" None."""
    try:
        return float(cell.removesuffix(" pp").strip("±%"))
    except ValueError:
        return None


def side(files) -> str:
    """Several result files as one side of lab compare (comma-separated)."""
    return ",".join(str(f) for f in files)


def compare(baseline, run, options=(), log: Path | None = None) -> Comparison:
    """lab compare OPTIONS BASELINE RUN; each side a result file or several (side()). The output
    goes to log too when given."""
    proc = subprocess.run([LAB, "compare", *options, str(baseline), str(run)], capture_output=True, text=True)
    text = proc.stdout + proc.stderr
    if log is not None:
        log.write_text(text)
    return Comparison(proc.returncode, verdicts(proc.stdout), text)
