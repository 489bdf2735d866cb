"""The `triggered` ability: "When ...", "At ...", "Whenever ..." (rule 603); its event is a construct of
`cardgen/vocab/events/`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import TriggeredAbility
from cardgen.vocab.construct import AbilityConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Trigger
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("triggered", TriggeredAbility)


def _event(ability: TriggeredAbility):  # noqa: ANN202 - the registry's construct, imported late (a cycle)
    from cardgen import vocab

    return vocab.event(ability.event)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_trigger")
def _forge(b: ScriptBuilder, ability: TriggeredAbility) -> Trigger | None:
    """`T:Mode$ ... | Execute$ Trig...`, the head from the event's `forge_trigger`."""
    return b.trigger_line(ability, _event(ability).hook("forge_trigger"))


@CONSTRUCT.slot("forge_deck_hints")
def _forge_deck_hints(ability: TriggeredAbility) -> tuple[tuple[str, str, str], ...]:
    return _event(ability).hook("forge_deck_hints", ())


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: TriggeredAbility) -> Block:
    """The event's triggered-ability class (`xmage_trigger`) around the first effect, the rest added."""
    return w.triggered_block(ability, _event(ability).hook("xmage_trigger"))


CONSTRUCT.put("xmage_trigger_part", True)
"""A triggered ability of an event's `xmage_read_trigger` reads back as an ability of this kind."""
