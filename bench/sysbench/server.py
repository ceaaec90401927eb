"""A MariaDB of a bench's own, started by .ci/services in a state dir and on a port of its own.

The servers the tests use (.ci/services' default state dir and ports) are never touched. Its
data stays in the state dir for the next run. A profile is the settings in which the files of
benchlab's image (images/mariadb/<profile>.cnf) differ, set with SET GLOBAL as the server's
superuser (root over the Unix socket) and read back by a new session as bench over TCP; they are
reset when the server stops. .ci/services' server keeps its binary log off (log_bin is not
dynamic), so there sync_binlog is set and read back but has no disk to sync.
"""
import subprocess
import time
from pathlib import Path

from ..common.descriptors import image_profiles
from ..common.services import ServicesServer

ENGINE = "mariadb"
HOST = "127.0.0.1"


def profiles() -> dict[str, dict[str, str]]:
    """The profiles of benchlab's MariaDB image (durable, relaxed): the settings their files set apart."""
    return image_profiles(ENGINE)


class Server(ServicesServer):
    """The bench instance of .ci/services: start, superuser SQL over the socket, SQL as bench over TCP."""

    ENGINE, URL_VAR, PASSWORD_FILE_VAR = ENGINE, "BENCHLAB_MARIADB_URL", "BENCHLAB_MARIADB_PASSWORD_FILE"

    def __init__(self, state_dir: str, port: int, profiles: dict[str, dict[str, str]]):
        super().__init__(state_dir, port, profiles, {"BENCHLAB_MARIADB_PORT": str(port),
                         "BENCHLAB_PG_PORT": str(port + 1), "BENCHLAB_HSQLDB_PORT": str(port + 2)})
        self.defaults: dict[str, str] = {}

    def start(self) -> dict[str, str]:
        env = super().start()
        self.client_cnf = env["BENCHLAB_MARIADB_DEFAULTS_FILE"]
        self.admin_cnf = str(self.state / ENGINE / "admin.cnf")
        self.defaults = self.read_settings(next(iter(self.profiles.values())))
        return env

    def reset_profile(self) -> None:
        """Sets the server's own values back, as they were read at the start."""
        if self.defaults:
            self.admin(*[f"SET GLOBAL {k} = {v}" for k, v in self.defaults.items()])

    def password(self) -> str:
        return Path(self.password_file).read_text().strip()

    def _sql(self, cnf: str, statements) -> str:
        proc = subprocess.run(["mariadb", f"--defaults-file={cnf}", "-N", "-B", "-e", ";\n".join(statements)],
                              capture_output=True, text=True, cwd="/")
        if proc.returncode != 0:
            raise RuntimeError(f"SQL failed: {proc.stderr.strip()}")
        return proc.stdout.strip()

    def admin(self, *statements: str) -> str:
        """Statements as the server's superuser (root, unix_socket authentication)."""
        return self._sql(self.admin_cnf, statements)

    def as_bench(self, sql: str) -> str:
        """One query as bench over TCP, tab-separated values."""
        return self._sql(self.client_cnf, [sql])

    def read_settings(self, names) -> dict[str, str]:
        """The global values of the named settings, as a new session of bench reads them."""
        values = self.as_bench("SELECT " + ", ".join(f"@@GLOBAL.{k}" for k in names)).split("\t")
        return dict(zip(names, values))

    def set_profile(self, name: str) -> dict[str, str]:
        """Sets a profile's settings and reads them back as bench."""
        wanted = self.profiles[name]
        self.admin(*[f"SET GLOBAL {k} = {v}" for k, v in wanted.items()])
        seen = self.read_settings(wanted)
        if seen != wanted:
            raise RuntimeError(f"profile {name}: the server reports {seen} after SET GLOBAL")
        return seen

    def history_rows(self) -> int:
        return int(self.as_bench("SELECT COUNT(*) FROM history"))

    def settle(self) -> None:
        """Before a measured run: the dirty pages of the last run written out, so that neither side pays
        the other's (InnoDB's counterpart of pgbench's CHECKPOINT), waited for up to 30 s."""
        self.admin("SET GLOBAL innodb_max_dirty_pages_pct = 0")
        try:
            for _ in range(300):
                if int(self.as_bench("SELECT variable_value FROM information_schema.global_status "
                                     "WHERE variable_name = 'INNODB_BUFFER_POOL_PAGES_DIRTY'") or 0) == 0:
                    return
                time.sleep(0.1)
        finally:
            self.admin("SET GLOBAL innodb_max_dirty_pages_pct = DEFAULT")
