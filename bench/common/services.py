"""Finding the services a bench runs against: a server given as to `runner run`, the env file of
.ci/services, a cluster's kubeconfig, an InfluxDB.

Benches that start a server of their own (bench.pgbench.server) read its env file the same way.
"""
import argparse
import os
import re
from pathlib import Path


def read_env(path: Path) -> dict[str, str]:
    """The export NAME='value' lines of an env file that .ci/services writes."""
    return dict(re.findall(r"^export (\w+)='([^']*)'$", Path(path).read_text(), re.M))


def add_server_options(p: argparse.ArgumentParser) -> None:
    """A real server, given as to `runner run` (NAME as `lab engines` lists the server engines)."""
    p.add_argument("--engine", required=True, help="a server engine, as lab engines lists them")
    p.add_argument("--jdbc-url", required=True)
    p.add_argument("--user", required=True)
    p.add_argument("--password-file", required=True)


def server_target(a: argparse.Namespace) -> list[str]:
    """The runner's options for the server of add_server_options."""
    return ["--engine", a.engine, "--jdbc-url", a.jdbc_url, "--user", a.user, "--password-file", a.password_file]


def kubeconfig(given: str | None = None) -> str | None:
    """The cluster the kubernetes benches use: given, else $BENCHLAB_KUBE_KUBECONFIG, else $KUBECONFIG."""
    return given or os.environ.get("BENCHLAB_KUBE_KUBECONFIG") or os.environ.get("KUBECONFIG")


def influx_url(given: str | None = None) -> str | None:
    """An InfluxDB 2.x: given, else $INFLUX_URL (its token: $INFLUX_TOKEN or a file, as the runner takes it)."""
    return given or os.environ.get("INFLUX_URL")
