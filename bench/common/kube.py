"""kubectl for the benches that run on a cluster: one namespace, the objects of one lab run.

The objects are the lab's own (`lab run --dry-run`), so their removal is the lab's too
(`lab clean --run-id`), which waits until they are gone.
"""
import json
import subprocess
import sys
import time
from pathlib import Path

from .core import lab, log


class Kube:
    """kubectl with the kubeconfig and namespace; the objects of one run of the lab's and their removal."""

    def __init__(self, kubeconfig: str, namespace: str):
        self.base = ["kubectl", "--kubeconfig", kubeconfig, "-n", namespace]
        self.kubeconfig, self.ns = kubeconfig, namespace
        self.run_id: str | None = None
        self.made = False

    def __call__(self, *args: str, input: str | None = None, check: bool = True, timeout: int = 120):
        proc = subprocess.run(self.base + list(args), input=input, capture_output=True, text=True, timeout=timeout)
        if check and proc.returncode != 0:
            raise RuntimeError(f"kubectl {' '.join(args[:3])} failed: {(proc.stderr or proc.stdout).strip()}")
        return proc

    def apply(self, obj: dict) -> None:
        self.made = True
        self("apply", "-f", "-", input=json.dumps(obj))

    def ensure_namespace(self) -> None:
        if self("get", "namespace", self.ns, check=False).returncode != 0:
            self("create", "namespace", self.ns)

    def others_running(self, own: str) -> list[str]:
        """Pods of other benchlab runs and benches in the cluster that are running now (own: our pods' name prefix)."""
        proc = self("get", "pods", "-A", "--field-selector=status.phase=Running", "-o",
                    "jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{'\\n'}{end}", check=False)
        return [p for p in proc.stdout.split() if own not in p and not p.startswith("kube-system/")]

    def cleanup(self) -> None:
        """The lab's own removal of a run's objects (lab clean), which waits until they are gone."""
        if not self.made:
            return
        self.made = False
        log(f"removing the run's objects (lab clean --run-id {self.run_id})")
        try:
            lab("clean", "--kubeconfig", self.kubeconfig, "-n", self.ns, "--run-id", self.run_id)
        except RuntimeError as e:
            print(f"{e}; remove by hand with: bin/lab clean -n {self.ns} --run-id {self.run_id}", file=sys.stderr)

    def run_job(self, job: dict, log_file: Path, expected_seconds: float = 0) -> tuple[bool, str, float]:
        """Runs one Job to its end; returns (succeeded, log text, wall seconds). The Job is then deleted."""
        self.apply(job)
        name = job["metadata"]["name"]
        t0 = time.monotonic()
        while True:
            # Poll rarely while the run cannot have ended: kubectl costs CPU on the shared host.
            time.sleep(2 if time.monotonic() - t0 < expected_seconds else 1)
            st = self("get", "job", name, "-o", "jsonpath={.status.succeeded},{.status.failed}", check=False).stdout
            succeeded, _, failed = st.partition(",")
            if succeeded not in ("", "0") or failed not in ("", "0"):
                break
            if time.monotonic() - t0 > job["spec"].get("activeDeadlineSeconds", expected_seconds + 900) + 60:
                break
        wall = time.monotonic() - t0
        text = self("logs", f"job/{name}", "--tail=-1", check=False, timeout=60).stdout
        log_file.write_text(text)
        self("delete", "job", name, "--cascade=background", "--wait=false", check=False)
        return succeeded not in ("", "0"), text, wall


def json_documents(text: str) -> list[dict]:
    """kubectl's -o json of several objects: one document after the other."""
    decoder, docs, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        doc, at = decoder.raw_decode(text, len(text) - len(text[at:].lstrip()))
        docs.append(doc)
    return docs


def container(obj: dict) -> dict:
    """The first container of a Pod or a Job's pod template."""
    spec = obj["spec"]["template"]["spec"] if obj["kind"] == "Job" else obj["spec"]
    return spec["containers"][0]
