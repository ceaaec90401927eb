"""A PostgreSQL of a bench's own, started by .ci/services in a state dir and on a port of its own.

The servers the tests use (.ci/services' default state dir and ports) are never touched. Its
data stays in the state dir for the next run; the profile (durability settings of benchlab's
image, ALTER SYSTEM as the cluster's superuser over the Unix socket) is reset when it stops.
"""
import os
import subprocess
import time
from pathlib import Path

from ..common.descriptors import image_profiles
from ..common.services import ServicesServer

ENGINE = "postgres"
HOST = "127.0.0.1"
DEFAULT_STATE = "/tmp/benchlab-services"   # .ci/services' own, the tests' servers


def profiles() -> dict[str, dict[str, str]]:
    """The profiles of benchlab's PostgreSQL image (durable, relaxed): the settings their files set apart."""
    return image_profiles(ENGINE)


def is_test_servers(state_dir: str) -> bool:
    """Whether state_dir is the test servers' (refused: a bench must not touch them)."""
    return Path(state_dir).resolve() == Path(os.environ.get("BENCHLAB_SERVICES_DIR", DEFAULT_STATE)).resolve()


class Server(ServicesServer):
    """The bench instance of .ci/services: start, superuser SQL over the socket, SQL as bench over TCP."""

    ENGINE, URL_VAR, PASSWORD_FILE_VAR = ENGINE, "BENCHLAB_PG_URL", "BENCHLAB_PG_PASSWORD_FILE"

    def __init__(self, state_dir: str, port: int, profiles: dict[str, dict[str, str]]):
        others = [p for p in (53307, 59002, 53308, 59003) if p != port][:2]
        super().__init__(state_dir, port, profiles, {"BENCHLAB_PG_PORT": str(port),
                         "BENCHLAB_MARIADB_PORT": str(others[0]), "BENCHLAB_HSQLDB_PORT": str(others[1])})

    def start(self) -> dict[str, str]:
        env = super().start()
        self.bin = Path(env["BENCHLAB_PG_BIN"])
        self.client_env = dict(os.environ, PGPASSFILE=env["BENCHLAB_PG_PASSFILE"], PGHOST=HOST,
                               PGPORT=str(self.port), PGUSER="bench", PGDATABASE="bench")
        self.client_env.pop("PGPASSWORD", None)
        return env

    def reset_profile(self) -> None:
        self.admin(*[f"ALTER SYSTEM RESET {k}" for k in next(iter(self.profiles.values()))],
                   "SELECT pg_reload_conf()")

    def postmaster(self) -> int:
        return int((self.state / "postgres" / "data" / "postmaster.pid").read_text().split()[0])

    def admin(self, *statements: str, db: str = "bench") -> str:
        """Each statement on its own (VACUUM and ALTER SYSTEM refuse transaction blocks), as superuser."""
        cmd = [str(self.bin / "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1",
               "-h", str(self.state / "postgres"), "-p", str(self.port), "-d", db]
        for s in statements:
            cmd += ["-c", s]
        if os.geteuid() == 0:   # the cluster runs as postgres, peer authentication on the socket
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd="/")
        if proc.returncode != 0:
            raise RuntimeError(f"superuser SQL failed: {proc.stderr.strip()}")
        return proc.stdout.strip()

    def as_bench(self, sql: str) -> str:
        proc = subprocess.run([str(self.bin / "psql"), "-X", "-At", "-w", "-c", sql],
                              env=self.client_env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"SQL as bench failed: {proc.stderr.strip()}")
        return proc.stdout.strip()

    def set_profile(self, name: str) -> dict[str, str]:
        """Sets a profile's settings and waits until a new session as bench reads them back."""
        wanted = self.profiles[name]
        self.admin(*[f"ALTER SYSTEM SET {k} = '{v}'" for k, v in wanted.items()], "SELECT pg_reload_conf()")
        query = "SELECT " + ", ".join(f"current_setting('{k}')" for k in wanted)
        for _ in range(100):   # the reload is asynchronous: new sessions see it once the postmaster has
            seen = dict(zip(wanted, self.as_bench(query).split("|")))
            if seen == wanted:
                return seen
            time.sleep(0.1)
        raise RuntimeError(f"profile {name}: the server still reports {seen} after the reload")

    def settle(self, tables: list[str]) -> None:
        """Before a measured run: what pgbench would vacuum itself, then a checkpoint."""
        self.admin(*[f"VACUUM {t}" for t in tables], "CHECKPOINT")

    def wal(self) -> list[float]:
        """WAL flushes, records, full-page images and bytes so far. Backends report theirs as they exit: wait a moment."""
        time.sleep(0.3)
        return [float(x) for x in self.as_bench(
            "SELECT wal_sync, wal_records, wal_fpi, wal_bytes FROM pg_stat_wal").split("|")]
