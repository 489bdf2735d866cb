"""The one way templates are loaded: strict, so a missing variable is an error, never an empty string
(cookiecutter's lesson), and whitespace-controlled so templates read like the files they produce.

Compiling the templates is most of what a command that renders a few cards pays for them (`cardgen check`
on one card compiles about 140), so their compiled code is kept like Python's own bytecode: beside the
package's (`__pycache__/templates`, or under `sys.pycache_prefix` when set), written unless
`sys.dont_write_bytecode`, and used only for a template whose source has the checksum it was compiled
from (jinja's `FileSystemBytecodeCache`). A folder that cannot be written only costs the compile.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket

from cardgen.templates_path import templates_dir


class _TemplateBytecode(jinja2.FileSystemBytecodeCache):
    """jinja's file cache of compiled templates, silent where the folder is missing or read-only."""

    def load_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
            super().load_bytecode(bucket)

    def dump_bytecode(self, bucket: Bucket) -> None:
        if sys.dont_write_bytecode:
            return
        with contextlib.suppress(OSError):
            Path(self.directory).mkdir(parents=True, exist_ok=True)
            super().dump_bytecode(bucket)


def _bytecode_folder() -> Path:
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix) / "cardgen-templates"
    return Path(__file__).resolve().parent / "__pycache__" / "templates"


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
        bytecode_cache=_TemplateBytecode(str(_bytecode_folder())),
    )
    environment.filters.update(filters or {})
    return environment
