"""The vocabulary registry: every effect kind of the spec, one module each under `cardgen/vocab/effects/`.

The modules are found by listing the package, so a new kind needs no line here. The order is the sorted
module names, which keeps everything derived from the registry deterministic.
"""

from __future__ import annotations

import importlib
import pkgutil

from cardgen.vocab import effects as _effects_package
from cardgen.vocab.construct import EffectConstruct


def _discover() -> dict[str, EffectConstruct]:
    found: dict[str, EffectConstruct] = {}
    for info in sorted(pkgutil.iter_modules(_effects_package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{_effects_package.__name__}.{info.name}")
        construct = module.CONSTRUCT
        if construct.kind in found:
            raise ValueError(f"two constructs for effect {construct.kind!r}")
        found[construct.kind] = construct
    return found


EFFECTS: dict[str, EffectConstruct] = _discover()
"""Every effect construct, by kind."""

BY_MODEL: dict[type, EffectConstruct] = {construct.model: construct for construct in EFFECTS.values()}
"""The same constructs, by spec model class."""


def effect(kind: str) -> EffectConstruct:
    """The construct of one effect kind (KeyError for a kind the vocabulary doesn't have)."""
    return EFFECTS[kind]


def of(effect_model: object) -> EffectConstruct:
    """The construct of a spec effect object."""
    return BY_MODEL[type(effect_model)]


def subjects(effect_model: object) -> tuple[str, ...]:
    """The subject fields of a spec effect object, primary first."""
    return BY_MODEL[type(effect_model)].subjects


__all__ = ["BY_MODEL", "EFFECTS", "EffectConstruct", "effect", "of", "subjects"]
