"""Server engines' descriptors, images/<engine>/engine.properties, for the benches.

The descriptor holds an engine's version, port, user, database, URL pattern, environment and
limits (see the README, "Adding a server engine"); a bench takes them from there, never a copy.
Plain key=value lines, as the scripts under images/ read them (EngineDescriptorsTest checks).
A bench that runs the lab's own objects (bench/k8s-pgbench: `lab run --dry-run`) needs none of it.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def descriptor(engine):
    """The descriptor of images/<engine>/ as a dict."""
    out = {}
    for line in (ROOT / "images" / engine / "engine.properties").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, value = line.split("=", 1)
            out[key] = value.strip()
    return out
