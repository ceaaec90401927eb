"""What the tests share: the golden sample result, and a bench's exit caught with what it printed."""
import contextlib
import copy
import io
import json
import tempfile
import unittest
from pathlib import Path

from bench.common.core import ROOT

SAMPLE = ROOT / "results-schema" / "src" / "test" / "resources" / "golden" / "sample-result.json"


def sample(**figures) -> dict:
    """The golden sample result (schema's own), a copy, with some figures replaced."""
    result = copy.deepcopy(json.loads(SAMPLE.read_text()))
    result["figures"].update(figures)
    return result


def exit_of(call, *args) -> tuple[int, str]:
    """The exit code and stderr of a call that must exit."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            call(*args)
        except SystemExit as e:
            return e.code, err.getvalue()
    raise AssertionError(f"{call.__name__} did not exit")


class InTempDir(unittest.TestCase):
    """A test with a fresh folder of its own, self.dir, removed after it."""

    def setUp(self):
        self._dir = tempfile.TemporaryDirectory()
        self.dir = Path(self._dir.name)

    def tearDown(self):
        self._dir.cleanup()
