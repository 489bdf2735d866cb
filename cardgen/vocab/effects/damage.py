"""The `damage` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Damage, RefSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_damage_map", True)
"""Damage marked `simultaneous` joins the damage before it in one Forge damage map (one damage event)."""


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Damage) -> tuple[str, Params]:
    if (selector := w.all_of(e.to)) is not None:
        return "DamageAll", [("ValidCards", w.valid(selector)), ("NumDmg", str(e.amount))]
    if isinstance(e.to, str):  # DealDamage has no obvious default: always say who
        word = w.player_word(e.to) or w.object_word(e.to)
        if word is None:
            raise w.error(f"unknown subject {e.to!r}")
        defined: Params = [("Defined", word)]
    else:
        defined = w.defined(e.to, player=isinstance(e.to, RefSubject) and e.to.relation != "it")
    return "DealDamage", [*defined, ("NumDmg", str(e.amount))]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
