"""The few statistics the benches print: medians over repeats, nearest-rank percentiles, spread.

Values that a failed run could not give come as None and are left out, so that one failed
repeat does not hide the others' figures (the tables mark the failure apart).
"""
import math
import statistics
from typing import Iterable


def median(values: Iterable[float | None]) -> float | None:
    """The median of the values that are there; None when none is."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def percentile(sorted_values: list[float], q: float) -> float | None:
    """Nearest rank: the smallest value with at least q of all at or below it (as pgbench's logs are read)."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def ratio(value: float | None, base: float | None) -> float | None:
    """value / base, or None when either is missing or the base is 0."""
    return value / base if value is not None and base else None


def spread(values: list[float]) -> tuple[float, float, float]:
    """Mean, sample standard deviation and coefficient of variation (sd / mean) of repeated runs;
    all three NaN when there are none (every run of a side failed)."""
    if not values:
        return float("nan"), float("nan"), float("nan")
    mean = statistics.mean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, sd, sd / mean if mean else float("nan")


def rule_of_three(trials: int) -> float:
    """With no event in trials, the 95% upper bound on its chance per trial."""
    return 3 / trials
