"""The `static` ability: continuous effects while the permanent is on the battlefield."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import StaticAbility
from cardgen.vocab.construct import AbilityConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Static
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("static", StaticAbility)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_statics")
def _forge(b: ScriptBuilder, ability: StaticAbility) -> list[Static]:
    """One `S:Mode$ Continuous` line per static effect."""
    return b.static_lines(ability)


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: StaticAbility) -> Block:
    """`SimpleStaticAbility` per static effect (one for a gift-conditional group)."""
    return w.static_block(ability)


CONSTRUCT.put("xmage_static_part", True)
"""A `SimpleStaticAbility` reads back as an ability of this kind."""
