"""The `exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.sequence import SequenceLowering

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "ExileTargetEffect"),
    form("all", "ExileAllEffect", "filter"),
    form("self", "ExileSpellEffect", when="spell"),
    form("self", "ExileSourceEffect", when="permanent"),
))
CONSTRUCT.put("xmage_moves_objects", True)


@CONSTRUCT.slot("xmage_sequence_step")
def _xmage_sequence_step(s: SequenceLowering, effect: Exile, subject: Any, indent: int) -> list[str] | None:
    """`controller.moveCards(<objects>, Zone.EXILED, ...)`."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    return s.move(effect, before, cards, indent, "exile")


@CONSTRUCT.slot("xmage_read_move")
def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """Objects moved to exile."""
    if to_zone == "exile":
        return {"effect": CONSTRUCT.kind, "what": subject}
    return None


# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"ExileSpellEffect"}))

# --------------------------------------------------------------------------------------------- resolver
