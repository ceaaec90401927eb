"""Alternated pairs: the A/B run order every side-by-side bench uses.

On a shared 2-core machine one run can be tens of percent off the next (disk flushes, other
work), and a drift over a bench's minutes would favour whichever side always ran first. So the
side that goes first alternates: pair 1 runs A then B, pair 2 B then A, and so on.
"""
from typing import Sequence, TypeVar

T = TypeVar("T")


def in_order(sides: Sequence[T], pair: int) -> list[T]:
    """The sides in the order pair number `pair` (from 1) runs them."""
    return list(sides) if pair % 2 else list(sides)[::-1]


def plan(sides: Sequence[T], pairs: int) -> list[tuple[int, T]]:
    """Every run of `pairs` pairs, in order: (pair number from 1, side)."""
    return [(pair, side) for pair in range(1, pairs + 1) for side in in_order(sides, pair)]


def ratios(runs_a: list[dict], runs_b: list[dict], key: str = "tps") -> list[float]:
    """b / a of each pair whose two runs both gave the figure (and a non-zero base)."""
    return [b[key] / a[key] for a, b in zip(runs_a, runs_b)
            if a.get("ok", True) and b.get("ok", True) and a.get(key) and b.get(key) is not None]
