"""The `cant_cast_spells` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: CantCastSpells) -> tuple[str, Params]:
    caster = w.player_group(e.who)
    if caster is None:
        raise w.error("cant_cast_spells applies to you, each player or each opponent")
    name = w.defer_static("STCantBeCast", "CantBeCast", [("ValidCard", "Card"), ("Caster", caster)],
                          "Spells can't be cast.")
    return "Effect", [("StaticAbilities", name), *w.timing(e.duration)]


@CONSTRUCT.slot("forge_read_static")
def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    if static.peek("Mode") != "CantBeCast":
        return None
    players = r.player_group(static.get("Caster", "You"))
    if static.get("ValidCard") != "Card" or players is None:
        raise r.error("FG203", f"{static.where}: only CantBeCast for you, each player or each opponent is read")
    timing = r.timing(duration)
    if timing is None:
        raise r.error("FG203", f"Duration$ {duration} for CantBeCast")
    return {"effect": "cant_cast_spells", "who": players, **timing}


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
