"""Server engines' descriptors, images/<engine>/engine.properties, for the benches.

The descriptor holds an engine's version, port, user, database, URL pattern, environment and
limits (see the README, "Adding a server engine"); a bench takes them from there, never a copy.
Plain key=value lines, as the scripts under images/ read them (EngineDescriptorsTest checks).
"""
import re
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


def project_version():
    """The runner image's version: the Maven project's (the root pom's first <version>)."""
    return re.search(r"<version>([^<]+)</version>", (ROOT / "pom.xml").read_text()).group(1)


def env(d, password_file):
    """The database container's environment, as the lab gives it (EngineImage.env()): name -> value."""
    out = {d["env.user"]: d["user"], d["env.password-file"]: password_file}
    if "env.database" in d:
        out[d["env.database"]] = d["database"]
    out.update({k[len("env.extra."):]: v for k, v in d.items() if k.startswith("env.extra.")})
    return out


def jdbc_url(d, host, port=None):
    """The URL pattern's %s host, %d port, %s database (as the lab's String.format)."""
    return d["url"] % (host, int(port or d["port"]), d["database"])


def memory_bytes(text):
    """A memory size as Docker and the lab read it (512m, 2g, 2Gi, 1.5g, bytes)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", text.strip().lower())
    if not m:
        raise ValueError(f"not a memory size: {text}")
    return int(float(m.group(1)) * 1024 ** " kmgt".index(m.group(2) or " "))


def k8s_resources(cpus, memory):
    """requests = limits for a pod's container, as the lab's kubernetes backend sets them."""
    return {"cpu": cpus, "memory": str(memory_bytes(memory))}
