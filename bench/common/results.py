"""Reading a benchlab result (results-schema's JSON) the way the benches need it.

The schema is the lab's; these helpers only pick figures out of it, with None where a result
does not hold one (an old schema, a failed run), so that a table can still be printed.
"""
import json
from datetime import datetime
from pathlib import Path


def read(path: Path) -> dict:
    """The result file as a dict."""
    return json.loads(Path(path).read_text())


def instant(text: str) -> float:
    """A result's timestamp (ISO 8601, Z for UTC) as seconds since the epoch."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def measured_window(result: dict) -> tuple[float, float] | None:
    """When the measured phase began and ended (epoch seconds); None without its timestamps."""
    start = (result.get("timestamps") or {}).get("measured_start")
    seconds = (result.get("figures") or {}).get("seconds")
    if not start or not seconds:
        return None
    t0 = instant(start)
    return t0, t0 + seconds


def figures(result: dict) -> dict:
    """A run's figures as the side-by-side tables print them, flat; None where the result has none."""
    f = result.get("figures") or {}
    latency = f.get("latency") or {}
    cpu = f.get("client_cpu") or {}
    return {"status": result.get("status"), "tps": f.get("tps"), "transactions": f.get("committed"),
            "warmup_transactions": (result.get("warmup") or {}).get("committed") or 0,
            "failed": f.get("failed"), "p50_ms": latency.get("p50_ms"), "p99_ms": latency.get("p99_ms"),
            "max_ms": latency.get("max_ms"), "consistency_ok": (result.get("consistency") or {}).get("ok"),
            "profile_read_back": (result.get("engine") or {}).get("profile"),
            "client_cpu_seconds": cpu.get("cpu_seconds"), "client_cpu_us_per_tx": cpu.get("micros_per_transaction"),
            "jit_seconds": cpu.get("jit_seconds"), "warnings": result.get("warnings")}


def problem(result: dict) -> str | None:
    """Why a run cannot count: not ok, or its server's commit count not the clients' (the
    accounting closure, when the result has one). None when it counts."""
    closure = (result.get("consistency") or {}).get("server_commits")
    if result.get("status") != "ok":
        return f"status {result.get('status')} ({result.get('cause')})"
    if closure and not closure.get("agrees"):
        return closure.get("message") or "the server's commit count is not the clients'"
    return None


def warnings(result: dict, prefix: str) -> list[str]:
    """The codes of the result's warnings that start with prefix (e.g. influx)."""
    return [w["code"] for w in result.get("warnings") or [] if w["code"].startswith(prefix)]
