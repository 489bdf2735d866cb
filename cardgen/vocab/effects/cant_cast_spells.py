"""The `cant_cast_spells` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: CantCastSpells) -> tuple[str, Params]:
    caster = w.player_group(e.who)
    if caster is None:
        raise w.error("cant_cast_spells applies to you, each player or each opponent")
    name = w.defer("STCantBeCast", [("Mode", "CantBeCast"), ("ValidCard", "Card"), ("Caster", caster),
                                    ("Description", "Spells can't be cast.")])
    return "Effect", [("StaticAbilities", name), *w.timing(e.duration)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
