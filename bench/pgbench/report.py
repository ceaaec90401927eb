"""The side-by-side tables of pgbench against benchlab, on the same box or on a cluster.

A cell is one profile and client count; its row holds both sides' runs and their summaries
(medians over the repeats). The ratio is benchlab's median tps over pgbench's, with the lowest
and highest ratio of single pairs beside it: on a shared machine single runs can be far apart.
"""
from ..common.fmt import fmt, span, times
from ..common.pairs import ratios
from ..common.stats import ratio


def judge(row: dict) -> dict:
    """The cell's tps ratio of the medians and of each pair, into the row."""
    row["ratio"] = ratio(row["benchlab"].get("tps"), row["pgbench"].get("tps"))
    row["pair_ratios"] = ratios(row["runs"]["pgbench"], row["runs"]["benchlab"])
    return row


def _label(row: dict, profiles: bool) -> str:
    return (f"{row['profile']:9}" if profiles else "") + f"{row['clients']:>8}"


def _header(profiles: bool) -> str:
    return (f"{'profile':9}" if profiles else "") + f"{'clients':>8}"


def tps_table(rows: list[dict], profiles: bool) -> None:
    """tps and p99 of both sides; row['mark'] is printed after its line (a missed target, a failure)."""
    print(_header(profiles) + f"{'pgbench tps':>13}{'benchlab tps':>14}{'ratio':>8}{'pairs':>13}"
          f"{'pgbench p99 ms':>16}{'benchlab p99 ms':>17}")
    for row in rows:
        pg, bl = row["pgbench"], row["benchlab"]
        print(_label(row, profiles) + f"{fmt(pg.get('tps'), '.1f'):>13}{fmt(bl.get('tps'), '.1f'):>14}"
              f"{times(row['ratio']):>8}{span(row['pair_ratios']):>13}{fmt(pg.get('p99_ms'), '.2f'):>16}"
              f"{fmt(bl.get('p99_ms'), '.2f'):>17}{row.get('mark', '')}")


def cpu_table(rows: list[dict], profiles: bool, whole: bool) -> None:
    """Client CPU per transaction in the measured phase, with benchlab's over pgbench's; whole: also
    each client's CPU in all and the server's WAL flushes and records per transaction."""
    groups = [("client CPU us/tx, measured", "cpu_us_per_tx", ".0f")]
    if whole:
        groups += [("client CPU s, whole", "cpu_seconds", ".2f"), ("WAL flushes/tx", "wal_syncs_per_tx", ".2f"),
                   ("WAL records/tx", "wal_records_per_tx", ".2f")]
    print(" " * len(_header(profiles)) + "".join(f"{t:>{27 if i == 0 else 20}}" for i, (t, _, _) in enumerate(groups)))
    print(_header(profiles) + f"{'pgbench':>10}{'benchlab':>10}{'ratio':>7}" + f"{'pgbench':>10}{'benchlab':>10}" * (len(groups) - 1))
    for row in rows:
        pg, bl = row["pgbench"], row["benchlab"]
        cells = [f"{fmt(pg.get(k), spec):>10}{fmt(bl.get(k), spec):>10}" for _, k, spec in groups]
        cells[0] += f"{times(ratio(bl.get('cpu_us_per_tx'), pg.get('cpu_us_per_tx'))):>7}"
        print(_label(row, profiles) + "".join(cells))


def missed(rows: list[dict], target: float) -> list[str]:
    """The cells whose tps ratio is below the target, named with it."""
    return [f"{r.get('profile', '')} c{r['clients']} ({r['ratio']:.2f}x)".strip() for r in rows
            if r["ratio"] is not None and r["ratio"] < target]
