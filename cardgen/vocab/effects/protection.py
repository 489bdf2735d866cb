"""The `protection` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Protection
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("protection", Protection, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

FORGE_KEYWORD = "Protection from everything"
"""The keyword a Pump grants for protection from everything."""


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Protection) -> tuple[str, Params]:
    return w.pump_ability(e.what, [("KW", FORGE_KEYWORD)], e.duration)


@CONSTRUCT.slot("forge_read_keyword")
def _forge_read(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]], timing: dict[str, str]) -> bool:
    if word != FORGE_KEYWORD:
        return False
    parts.append({"effect": "protection", "what": subject, **timing})
    return True


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
