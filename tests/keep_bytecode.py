"""Imported first by conftest, for its effect: where PYTHONDONTWRITEBYTECODE is set, every process would
compile cardgen's modules and templates again, and pytest rewrite every test module again, on each run:
the pytest workers and each command an end-to-end test starts. Their bytecode goes to a folder of the
system's temporary one instead (`sys.pycache_prefix`, given to the child processes too), so nothing is
written into the tree. CARDGEN_TEST_BYTECODE=0 leaves the setting as it is."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def keep_bytecode() -> None:
    if not sys.dont_write_bytecode or os.environ.get("CARDGEN_TEST_BYTECODE") == "0":
        return
    uid = getattr(os, "getuid", lambda: "")()
    prefix = sys.pycache_prefix or str(Path(tempfile.gettempdir()) / f"cardgen-test-bytecode-{uid}")
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


keep_bytecode()
