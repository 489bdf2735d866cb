"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: TokenCopy) -> tuple[str, Params]:
    params = [*w.defined(e.of), *w.number("NumCopies", e.amount)]
    if e.set_pt:
        power, toughness = e.set_pt.split("/")
        params += [("SetPower", power), ("SetToughness", toughness)]
    return "CopyPermanent", params


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
