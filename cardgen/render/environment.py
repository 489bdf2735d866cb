"""The one way templates are loaded: strict, so a missing variable is an error, never an empty string
(cookiecutter's lesson), and whitespace-controlled so templates read like the files they produce."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from cardgen.templates_path import templates_dir


def make_environment(engine: str, filters: dict[str, Callable[..., Any]] | None = None) -> jinja2.Environment:
    """A jinja environment over `templates/<engine>/`, with `StrictUndefined` and no autoescape (the
    outputs are not HTML; each backend escapes for its own format through explicit filters). Templates
    are read once per environment."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir() / engine)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        newline_sequence="\n",
        auto_reload=False,  # a command's templates don't change under it: no stat per render and import
    )
    environment.filters.update(filters or {})
    return environment
