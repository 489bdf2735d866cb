"""Where the jinja templates are: `$CARDGEN_TEMPLATES` when set (to try template changes, and for the
mutation test that proves `cardgen check` can fail), else inside the installed package (wheels ship
top-level `templates/` as `cardgen/templates`), else the repository's `templates/` in a source checkout
or editable install."""

from __future__ import annotations

import os
from pathlib import Path

OVERRIDE_VARIABLE = "CARDGEN_TEMPLATES"


def templates_dir() -> Path:
    override = os.environ.get(OVERRIDE_VARIABLE)
    if override:
        return Path(override)
    packaged = Path(__file__).resolve().parent / "templates"
    if packaged.is_dir():
        return packaged
    source = Path(__file__).resolve().parent.parent / "templates"
    if source.is_dir():
        return source
    raise FileNotFoundError("cardgen templates not found: reinstall cardgen (pip install .)")
