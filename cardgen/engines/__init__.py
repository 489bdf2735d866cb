"""Engine backends. Each backend renders a catalog to files and reads its own files back into specs.

`ENGINES` maps an engine name to the import path of its backend class, imported only when used.
"""

from __future__ import annotations

import importlib

from cardgen.engines.base import Backend

ENGINES: dict[str, str] = {
    "forge": "cardgen.engines.forge.backend:ForgeBackend",
    "xmage": "cardgen.engines.xmage.backend:XMageBackend",
}


def load_backend(name: str) -> Backend:
    module_name, _, attribute = ENGINES[name].partition(":")
    backend: Backend = getattr(importlib.import_module(module_name), attribute)()
    return backend
