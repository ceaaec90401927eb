"""Finding the services a bench runs against: a server given as to `runner run`, the env file of
.ci/services, a cluster's kubeconfig, an InfluxDB.

Benches that start a server of their own (bench.pgbench.server, bench.sysbench.server) do it through
ServicesServer.
"""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from .core import ROOT

SERVICES = ROOT / ".ci" / "services"


def read_env(path: Path) -> dict[str, str]:
    """The export NAME='value' lines of an env file that .ci/services writes."""
    return dict(re.findall(r"^export (\w+)='([^']*)'$", Path(path).read_text(), re.M))


class ServicesServer:
    """A server of a bench's own, started by .ci/services in a state dir and on the port given, the
    other engines' ports set apart as PORTS (.ci/services wants all three apart; only ENGINE starts).
    Each engine's subclass sets ENGINE, reads what it needs from the env file in start, and undoes
    its profile in reset_profile."""

    ENGINE = ""

    def __init__(self, state_dir: str, port: int, profiles: dict[str, dict[str, str]], ports: dict[str, str]):
        self.state = Path(state_dir).resolve()
        self.port, self.profiles = port, profiles
        self.env = dict(os.environ, BENCHLAB_SERVICES_DIR=str(self.state), **ports)
        self.started = False

    def services(self, *args: str) -> None:
        proc = subprocess.run(["bash", str(SERVICES), *args], env=self.env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f".ci/services {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr.strip()}")

    def start(self) -> dict[str, str]:
        """Starts the server; the env file .ci/services wrote for it."""
        self.started = True
        self.services("start", self.ENGINE)
        env = read_env(self.state / "env")
        self.url = env[self.URL_VAR]
        self.password_file = env[self.PASSWORD_FILE_VAR]
        return env

    def reset_profile(self) -> None:
        """Sets the server's own values back."""

    def stop(self) -> None:
        """Resets the profile (if it can) and stops the server; a no-op when it was not started."""
        if not self.started:
            return
        try:
            self.reset_profile()
        except RuntimeError as e:   # the stop below matters more
            print(f"resetting the profile failed: {e}", file=sys.stderr)
        self.services("stop", self.ENGINE)
        self.started = False

    def target(self) -> list[str]:
        """The lab's and the runner's options for this server."""
        return ["--engine", self.ENGINE, "--jdbc-url", self.url, "--user", "bench", "--password-file",
                self.password_file]


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
