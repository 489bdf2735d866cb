"""The `life_cant_change` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import LifeCantChange
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("life_cant_change", LifeCantChange, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: LifeCantChange) -> tuple[str, Params]:
    """An Effect carrying Forge's `CantChangeLife` static (rule 119.7-8: no gain, no loss, no paying)."""
    players = w.player_group(e.who)
    if players is None:
        raise w.error("life_cant_change applies to you, each player or each opponent")
    name = w.defer("STCantChangeLife", [("Mode", "CantChangeLife"), ("ValidPlayer", players),
                                        ("Description", "Life totals can't change.")])
    return "Effect", [("StaticAbilities", name), *w.timing(e.duration)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
