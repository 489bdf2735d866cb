"""Where the jinja templates are: inside the installed package (wheels ship top-level `templates/` as
`cardgen/templates`), or the repository's `templates/` in a source checkout or editable install."""

from __future__ import annotations

from pathlib import Path


def templates_dir() -> Path:
    packaged = Path(__file__).resolve().parent / "templates"
    if packaged.is_dir():
        return packaged
    source = Path(__file__).resolve().parent.parent / "templates"
    if source.is_dir():
        return source
    raise FileNotFoundError("cardgen templates not found: reinstall cardgen (pip install .)")
