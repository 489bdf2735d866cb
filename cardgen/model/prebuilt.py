"""The spec models' validators, built once per code version instead of once per process.

Building the validator of `Card` means pydantic walking every model of the spec format in Python
(about 100 ms: most of a one-file `cardgen validate`), although the result, a core schema, is plain
data: dicts, strings, and references to the model classes and validator functions. So the first
process that builds a model's schema stores it next to the package's bytecode (`__pycache__`,
pickled, as trusted as the `.pyc` files beside it), and later processes make the validator from it
with pydantic-core directly (about 2 ms). `SpecModel.model_rebuild`, which pydantic calls on a
model's first use, asks here first. The file's name holds a hash of everything the schema depends
on: the source of the modules that define the models and their validator functions, and the
versions of Python, pydantic and pydantic-core; any change misses and rebuilds. A folder that
cannot be written, or a file that cannot be read, only costs the build. (Pydantic plugins are not
consulted for a validator made from a stored schema; cardgen uses none.)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

FORMAT = 1
_FOLDER = Path(__file__).resolve().parent / "__pycache__"


@functools.cache
def _fingerprint(modules: tuple[str, ...]) -> str:
    import pydantic
    import pydantic_core

    digest = hashlib.blake2b(digest_size=16)
    digest.update(repr((FORMAT, sys.version, pydantic.VERSION, pydantic_core.__version__)).encode())
    for name in modules:
        source = getattr(sys.modules[name], "__file__", None)
        digest.update(name.encode() + b"\0" + (Path(source).read_bytes() if source else b"") + b"\0")
    return digest.hexdigest()


def _stem(model: type[BaseModel]) -> str:
    """The file name's start: the model's module and name (a spec model and a scenario model may share one)."""
    return f"{model.__module__}.{model.__name__}".lower()


def _path(model: type[BaseModel], modules: tuple[str, ...]) -> Path:
    return _FOLDER / f"{_stem(model)}-schema.{_fingerprint(modules)}.pickle"


def _install(model: type[BaseModel], schema: Any, config: Any) -> None:
    """What `model_rebuild` leaves on the class, made from a stored core schema."""
    from pydantic_core import SchemaSerializer, SchemaValidator

    model.__pydantic_core_schema__ = schema
    model.__pydantic_validator__ = SchemaValidator(schema, config)
    model.__pydantic_serializer__ = SchemaSerializer(schema, config)
    model.__pydantic_complete__ = True


def load(model: type[BaseModel], modules: tuple[str, ...]) -> bool:
    """Give `model` its validator from the stored schema, if there is one for this code. `modules` are
    those whose source the schema depends on (they define the models and the functions it calls)."""
    with contextlib.suppress(OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError,
                             TypeError, ValueError):
        schema, config = pickle.loads(_path(model, modules).read_bytes())
        _install(model, schema, config)
        return True
    return False


def store(model: type[BaseModel], modules: tuple[str, ...]) -> None:
    """Store the core schema pydantic just built for `model`, for the next process."""
    with contextlib.suppress(OSError):
        _store(_path(model, modules), model)


def _store(path: Path, model: type[BaseModel]) -> None:
    from pydantic._internal._config import ConfigWrapper

    if not model.__pydantic_complete__:
        return
    try:
        config = ConfigWrapper(model.model_config).core_config(title=model.__name__)
        blob = pickle.dumps((model.__pydantic_core_schema__, config), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - a schema that cannot be stored is simply rebuilt next time
        return
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        for stale in path.parent.glob(f"{_stem(model)}-schema.*.pickle"):
            with contextlib.suppress(OSError):
                stale.unlink()
        temporary.write_bytes(blob)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
