"""The lab's objects of one run on a cluster, made into both clients' Jobs; the database pod.

The objects are the lab's (`lab run --backend kubernetes --dry-run`, labelled with the bench):
its Secret (given a fresh password), database Pod and Service, and for every client its runner
Job, renamed and not suspended: benchlab's with the lab's runner arguments (its own --run-id,
--seed, --clients), pgbench's with only image (the database's), command, arguments and
environment swapped. Same node, limits, database and Secret for both sides.
"""
import copy
import re
import secrets
import time

from ..common.core import lab
from ..common.kube import Kube, container, json_documents
from .sides import Setup

ENGINE, PROFILE = "postgres", "durable"
BENCH_LABEL = "benchlab.io/bench=k8s-pgbench"
RUN_LABEL = "benchlab.io/run-id"
# The options of the lab's `runner run` arguments that `runner init` takes too (runner init --help).
INIT_OPTIONS = {"--engine", "--profile", "--jdbc-url", "--user", "--password-file", "--scale", "--load-batch-size"}


def value_of(args: list[str], option: str) -> str:
    return args[args.index(option) + 1]


def with_values(args: list[str], values: dict[str, str]) -> list[str]:
    """The lab's runner arguments with some options' values replaced."""
    args = list(args)
    for option, value in values.items():
        args[args.index(option) + 1] = value
    return args


def init_args(args: list[str]) -> list[str]:
    """`runner init` with those of the lab's runner options that it takes (each has a value)."""
    return ["init"] + [x for i, option in enumerate(args) if option in INIT_OPTIONS for x in args[i:i + 2]]


class Manifests:
    """One run's objects as the lab makes them (lab run --dry-run), and the client Jobs made from its runner Job."""

    def __init__(self, kube: Kube, s: Setup, clients: int):
        text = lab("run", "--backend", "kubernetes", "--engine", ENGINE, "--profile", PROFILE, "--distribution",
                   "pgbench", "--clients", str(clients), "--scale", str(s.scale), "--duration", f"{s.duration}s",
                   "--warmup", f"{s.warmup}s", "--server-stats", "off", "--driver", s.driver, "--namespace", kube.ns,
                   "--dry-run")
        objects = {o["kind"]: o for o in json_documents(
            kube("label", "--local", "-f", "-", "-o", "json", BENCH_LABEL, input=text).stdout)}
        kinds = ("Secret", "Pod", "Service", "Job")
        if not set(kinds) <= objects.keys():
            raise RuntimeError(f"lab run --dry-run printed {', '.join(objects)}, not {', '.join(kinds)}")
        self.secret, self.pod, self.service, self.job = (objects[k] for k in kinds)
        self.run_id = self.job["metadata"]["labels"][RUN_LABEL]
        self.prefix = self.secret["metadata"]["name"]   # the run's name, the start of all its objects'
        self.args = container(self.job)["args"]
        self.host, self.port, self.database = re.fullmatch(r"jdbc:\w+://([^:/]+):(\d+)/([^?;]+).*",
                                                           value_of(self.args, "--jdbc-url")).groups()
        self.user = value_of(self.args, "--user")
        self.secret_key = next(v["secret"]["items"][0]["key"] for v in self.job["spec"]["template"]["spec"]["volumes"]
                               if v.get("secret", {}).get("secretName") == self.prefix)

    def database_objects(self) -> list[dict]:
        """The Secret with a fresh password (the lab's has none: it makes one when a run starts), the Pod, the Service."""
        secret = {**self.secret, "stringData": {self.secret_key: secrets.token_urlsafe(24)}}
        return [secret, self.pod, self.service]

    def client_job(self, name: str, **changes) -> dict:
        """The lab's runner Job under its own name, running now, the container's fields in changes swapped."""
        job = copy.deepcopy(self.job)
        job["metadata"]["name"] = f"{self.prefix}-{name}"
        job["spec"].pop("suspend", None)   # the lab holds its Job until the database answers; here it already does
        container(job).update(changes)
        return job

    def pgbench(self, name: str, command: list[str], args: list[str], **env) -> dict:
        env = {"PGHOST": self.host, "PGPORT": self.port, "PGUSER": self.user, "PGDATABASE": self.database, **env}
        return self.client_job(name, image=container(self.pod)["image"], command=command, args=args,
                               env=[{"name": k, "value": str(v)} for k, v in env.items()]
                               + [{"name": "PGPASSWORD", "valueFrom": {"secretKeyRef": {
                                   "name": self.prefix, "key": self.secret_key}}}])


class Database:
    """The database pod: ready when pg_isready over TCP and a SELECT 1 succeed in it; SQL on its socket."""

    def __init__(self, kube: Kube, m: Manifests):
        self.kube = kube
        self.pod = m.pod["metadata"]["name"]
        self.psql_user = ["-U", m.user, "-d", m.database]

    def wait_ready(self, timeout: int = 180) -> float:
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            phase = self.kube("get", "pod", self.pod, "-o", "jsonpath={.status.phase}", check=False).stdout
            if phase in ("Failed", "Succeeded"):
                raise RuntimeError(f"database pod {phase}:\n{self.kube('logs', self.pod, check=False).stdout[-2000:]}")
            if phase == "Running" and self.kube("exec", self.pod, "--", "pg_isready", "-q", "-h", "127.0.0.1",
                                                *self.psql_user, check=False).returncode == 0:
                try:
                    self.sql("SELECT 1")
                    return time.monotonic() - t0
                except RuntimeError:
                    pass
            time.sleep(1)
        raise RuntimeError(f"database not ready after {timeout} s")

    def sql(self, *statements: str) -> str:
        """Each statement on its own (VACUUM refuses transaction blocks), as the image's user (its superuser) on the socket."""
        cmd = ["exec", self.pod, "--", "psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", *self.psql_user]
        for s in statements:
            cmd += ["-c", s]
        proc = self.kube(*cmd, check=False, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"SQL failed: {(proc.stderr or proc.stdout).strip()}")
        return proc.stdout.strip()

    def settle(self, tables: list[str]) -> None:
        """Before a measured run: what pgbench would vacuum itself, then a checkpoint."""
        self.sql(*[f"VACUUM {t}" for t in tables], "CHECKPOINT")
