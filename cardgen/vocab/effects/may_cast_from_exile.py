"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.sequence import SequenceLowering

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: MayCastFromExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True

@CONSTRUCT.slot("xmage_sequence_step")
def _xmage_sequence_step(s: SequenceLowering, effect: MayCastFromExile, subject: Any, indent: int) -> list[str]:
    """`CardUtil.makeCardPlayable` for each of the objects."""
    pad = " " * indent
    before, cards, _zone = s.source(subject, effect, indent)
    s.use("Card")
    utility, duration = s.use("CardUtil"), s.parent.const("Duration.Custom").flat()
    return [*before, f"{pad}for (Card card : {s.fmt(cards, indent, offset=17)}.getCards(game)) {{",
            f"{pad}    {utility}.makeCardPlayable(game, source, card, true, {duration}, "
            f"{'true' if effect.any_mana else 'false'});",
            f"{pad}}}"]

# --------------------------------------------------------------------------------------------- resolver
