"""Server engines' descriptors, images/<engine>/engine.properties, and their profile files.

The descriptor holds an engine's pinned versions, port, user, database, URL pattern, environment and
limits (see docs/development.md, "Adding a server engine"); a bench takes them from here, never a copy.
Plain key=value lines, as the scripts under images/ read them (EngineDescriptorsTest checks).
A bench that runs the lab's own objects (bench.k8s_pgbench: `lab run --dry-run`) needs none of it.
"""
from pathlib import Path

from .core import ROOT

IMAGES = ROOT / "images"
DESCRIPTOR = "engine.properties"


def engines(images: Path = IMAGES) -> list[str]:
    """The server engines: every folder of images/ with a descriptor, in name order."""
    return sorted(p.parent.name for p in images.glob(f"*/{DESCRIPTOR}"))


def descriptor(engine: str, images: Path = IMAGES) -> dict[str, str]:
    """The descriptor of images/<engine>/ as a dict."""
    out = {}
    for line in (images / engine / DESCRIPTOR).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, value = line.split("=", 1)
            out[key] = value.strip()
    return out


def versions(engine: str, images: Path = IMAGES) -> list[str]:
    """The versions the engine's images pin (versions=), the default first; each is built FROM its base.<version>."""
    return [v.strip() for v in descriptor(engine, images)["versions"].split(",")]


def conf_settings(text: str) -> dict[str, str]:
    """name = value lines of a configuration file, lower-case names, comments and quotes dropped."""
    out = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            key, value = line.split("=", 1)
            out[key.strip().lower()] = value.strip().strip("'")
    return out


def image_profiles(engine: str, images: Path = IMAGES) -> dict[str, dict[str, str]]:
    """The profiles of an engine's image, each as the settings in which its files differ.

    The files <profile>.<config.ext> share everything but the durability settings, and
    EngineDescriptorsTest checks that those are exactly the settings of the runner's profiles:
    so no bench holds a copy of them. A file that lacks one of them is an error (ValueError).
    """
    ext = descriptor(engine, images)["config.ext"]
    files = {f.name[:-len(ext) - 1]: conf_settings(f.read_text())
             for f in sorted((images / engine).glob(f"*.{ext}")) if f.name != DESCRIPTOR}
    keys = sorted({k for s in files.values() for k in s if len({t.get(k) for t in files.values()}) > 1})
    for profile, settings in files.items():
        missing = [k for k in keys if k not in settings]
        if missing:
            raise ValueError(f"images/{engine}/{profile}.{ext} does not set {', '.join(missing)}")
    return {profile: {k: s[k] for k in keys} for profile, s in files.items()}
