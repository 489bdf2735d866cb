"""What a folder holds, for tests that compare two exports byte for byte."""

from __future__ import annotations

import hashlib
from pathlib import Path

from cardgen.freshness import STATE


def tree(root: Path) -> dict[str, str]:
    """Every file under `root` (relative POSIX path) with the SHA-256 of its bytes; the local state an
    export keeps of what it wrote (`cardgen.freshness`: timestamps and inodes) is not output."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and p.name != STATE}
