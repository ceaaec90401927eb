"""Formatting for the benches' tables: a dash for a missing figure, x for a ratio, binary units."""
from typing import Iterable


def fmt(value: float | None, spec: str) -> str:
    """The value formatted, or '-' when a run could not give it."""
    return "-" if value is None else format(value, spec)


def times(value: float | None, spec: str = ".2f") -> str:
    """A ratio as 1.02x, or '-'."""
    return "-" if value is None else f"{format(value, spec)}x"


def span(values: Iterable[float], spec: str = ".2f") -> str:
    """The lowest and highest of single pairs' figures, 0.81-0.96; '-' when there are none."""
    values = list(values)
    return f"{min(values):{spec}}-{max(values):{spec}}" if values else "-"


def mib(size: float) -> str:
    """Bytes in MiB."""
    return f"{size / 2 ** 20:.0f} MiB"


def gib(quantity: str) -> str:
    """A memory quantity as the lab writes it (bytes) in GiB; anything else as it is."""
    return f"{int(quantity) / 2 ** 30:g}Gi" if quantity.isdigit() else quantity
