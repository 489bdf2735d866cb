"""The `spell` ability: what an instant or sorcery does as it resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import SpellAbility
from cardgen.vocab.construct import AbilityConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("spell", SpellAbility)


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_spell_part", True)
"""Its effects are part of the card's one `A:SP$` chain (every spell line of the card in order)."""


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_spell_part", True)
"""Its effects and targets go on the card's spell ability (`this.getSpellAbility()`)."""


@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: SpellAbility) -> Block:
    return w.spell_part_block(ability)
