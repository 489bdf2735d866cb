"""The `gain_keyword` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: GainKeyword) -> tuple[str, Params]:
    return w.pump_ability(e.what, [("KW", w.keywords(e.keywords))], e.duration)


@CONSTRUCT.slot("forge_read_keyword")
def _forge_read(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]], timing: dict[str, str]) -> bool:
    """A keyword of the spec's list granted by a Pump; consecutive ones are one effect."""
    if not r.known_keyword(word):
        return False
    if parts and parts[-1]["effect"] == "gain_keyword":
        parts[-1]["keywords"].append(r.keyword(word))
    else:
        parts.append({"effect": "gain_keyword", "what": subject, "keywords": [r.keyword(word)], **timing})
    return True


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
